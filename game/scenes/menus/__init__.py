"""The menus: the title, the new-match form, settings and statistics, the boxes over a scene
(pause, notice, confirm) and the folder-in-use screen. Import scenes/ and the floors below it."""

"""What the game keeps in the player's data folder: settings (each declared once), the match in
progress, the record of games and its figures. Imports only game.rules and game.base; no pygame."""

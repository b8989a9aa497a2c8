@echo off
rem Tourne Case for Windows: double-click to play. Starts main.py with the Python launcher
rem (py) or python, both from python.org; TourneCase.pyw does the same without a console.
cd /d "%~dp0.."
where py >nul 2>nul
if %errorlevel%==0 (
    py -3 main.py %*
) else (
    where python >nul 2>nul
    if errorlevel 1 (
        rem No gettext on Windows to read the catalogues: both languages, in plain ASCII, no brackets.
        echo Tourne Case needs Python 3.11 or newer: https://www.python.org/downloads/
        echo Tourne Case a besoin de Python 3.11 ou plus : https://www.python.org/downloads/
        pause
        exit /b 1
    )
    python main.py %*
)
if errorlevel 1 pause

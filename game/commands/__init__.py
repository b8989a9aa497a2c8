"""The command line: `cli.py` reads the arguments and starts the window, the engine protocol
(`engine.py`), `analyze`, the headless demo and online player (`autoplay.py`) or the first
start's set-up. The top floor: it may import every floor below."""

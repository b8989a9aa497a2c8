"""The ground floor: words in every language (`i18n.py`), the one dispatch of events to their
handlers (`dispatch.py`), the standard streams and the data folder's lock. Imports only the stdlib."""

"""Tourne Case and Garanguet: a tables game after the rules printed in Paris in 1699."""

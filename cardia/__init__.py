"""``cardia``: one command for each job a person does with the project.

``cardia play`` (a game against the computer in this terminal), ``cardia replay`` / ``move`` / ``arena`` /
``bench`` (the engine's command line), ``cardia bot`` (run the Discord bot; ``cardia bot health`` checks a
running one), ``cardia records recompute`` (the ratings, rebuilt) and ``cardia store copy`` (between
SQLite and PostgreSQL). Each is the same program as its ``python -m`` form; this only routes to it, and
imports nothing of the others' front ends, so ``cardia play`` starts without discord.py.
"""

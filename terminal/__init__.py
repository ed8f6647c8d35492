"""Cardia in a terminal: a whole game against the computer, no Discord token needed
(``python -m engine play``). It shows only the engine's view for the person's seat, in the bot's own
words (:mod:`text`), drawn with rich.

    session  the game: the computer's turns, the person's questions, the record
    screen   the board, the hand and the choices as rich renderables
    cli      the command line
"""

"""The Discord front end (issue 4). Depends on ``engine`` and ``cards``, never the other way."""

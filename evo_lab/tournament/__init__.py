"""Classroom tournaments: bots from files, other processes and other machines, faults survived, ratings with
intervals (``docs/tournaments.md``, ``docs/remote.md``)."""

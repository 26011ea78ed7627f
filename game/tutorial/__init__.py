"""The tutorial: short lessons on prepared positions, one track per rule set (pure: no pygame).

``lessons`` holds the lesson data (positions in tile notation), ``coach`` builds a lesson
step's game and judges a try through the rules core, ``progress`` remembers finished lessons.
"""

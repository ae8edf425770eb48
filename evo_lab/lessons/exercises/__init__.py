"""The exercises of each lesson (one module per lesson), registered with :mod:`evo_lab.lessons.checks`."""

"""Benchmark sections run by ``evo-lab bench``: each module defines ``run(quick=False) -> list[dict]``."""

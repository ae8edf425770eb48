"""North Star's *Evolution* (2014), *Evolution: Climate* and the NEU course-2016 variant on :mod:`evo_lab.core`."""

#!/bin/sh
# Fetch and compile the NEU course's reference implementation of Evolution (Spring 2016), for evo-lab's
# interoperability tests and for playing against it by hand (docs/remote.md, "The course's protocol").
#
#   scripts/course_reference/fetch.sh [DIR]          (default DIR: ../course-reference/Evolution)
#   export EVO_COURSE_REFERENCE=DIR
#
# It clones the public repository github.com/mfelleisen/Evolution (its code is not part of evo-lab and is never
# committed here) and compiles the parts the tests run with Debian's racket (apt-get install racket xvfb).
# The reference needs the retired collection unstable/contract: this folder holds a one-definition stand-in,
# put on PLTCOLLECTS (the trailing ':' keeps the installation's own collections).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
DIR=${1:-$HERE/../../../course-reference/Evolution}
if [ ! -d "$DIR/.git" ]; then
    git clone https://github.com/mfelleisen/Evolution.git "$DIR"
fi
git -C "$DIR" checkout -q cf5ef02696339f8e83cc831932206c6a4ead689e   # May 2016, the version evo-lab was checked against
export PLTCOLLECTS="$HERE:"
cd "$DIR"
raco make -v xmain dealer.rkt player-external.rkt \
    Xternal/xserver Xternal/xclients Xternal/client.rkt Xternal/cards.rkt Xternal/board.rkt Xternal/dealer.rkt
echo "export EVO_COURSE_REFERENCE=$(pwd)"

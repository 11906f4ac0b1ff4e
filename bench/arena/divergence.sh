#!/bin/sh
# The runs of docs/bots.md, "Rungs that do not hold (issue 40)": each rung at seeds 40 and 41,
# 200 deals each, one process at a time, then each pair pooled. Usage (from the repository):
#   PYTHONPATH=src nice -n 19 sh bench/arena/divergence.sh [OUTDIR]    (about 9 minutes on a shared 2-core VM)
# The last two rungs screen expert-distance (divergence.py's DistanceFirst) on the same deals.
set -e
out=${1:-/tmp/divergence}
py=${PYTHON:-python}
mkdir -p "$out"
for run in expert:cautious:pung-chow expert:cautious:hong-kong expert:greedy:hong-kong-136 expert:greedy:bmja \
           expert-distance:greedy:hong-kong-136 expert-distance:cautious:pung-chow; do
    c=${run%%:*}; rest=${run#*:}; f=${rest%%:*}; rs=${rest#*:}
    for seed in 40 41; do
        $py bench/arena/divergence.py --challenger "$c" --field "$f" --ruleset "$rs" --deals 200 --seed $seed \
            --examples 3 --json "$out/$c-$f-$rs.$seed.json" > "$out/$c-$f-$rs.$seed.txt"
    done
    $py bench/arena/divergence.py --pool "$out/$c-$f-$rs.40.json" "$out/$c-$f-$rs.41.json" --examples 4 \
        > "$out/$c-$f-$rs.pooled.txt"
done

#!/bin/sh
# The ladder in the arena: each named bot against the one below it, on every ruleset.
# usage: bench/arena/run_ladder.sh "greedy:random cautious:greedy" DEALS SEED ["RULESET ..."]
# writes bench/arena/<challenger>-<field>-<ruleset>.json (seed 16) or <challenger>-<field>-<ruleset>.seed-<seed>.json
# WORKERS: processes per run (default 2); NICE: the nice level (default 19)
# LONGER=1: a longer run of a seed already measured, kept beside it as <...>.<DEALS>-deals.json
#   (ladder_table.py reads the longest run of each seed)
# MAHJONGG: the command to run (default .venv/bin/mahjongg); e.g. a snapshot of a commit:
#   git archive HEAD src | tar -x -C /tmp/snap && MAHJONGG="env PYTHONPATH=/tmp/snap/src .venv/bin/python -m mahjongg" ...
cd "$(dirname "$0")/../.."
pairs=${1:-"greedy:random cautious:greedy expert:greedy"}
deals=${2:-2000}
seed=${3:-16}
rulesets=${4:-"pung-chow pung-chow-limit traditional traditional-special-tiles hong-kong hong-kong-136"}
for pair in $pairs; do
  c=${pair%%:*}; f=${pair##*:}
  for r in $rulesets; do
    if [ "$seed" = 16 ]; then out=bench/arena/$c-$f-$r; else out=bench/arena/$c-$f-$r.seed-$seed; fi
    if [ -n "$LONGER" ]; then out=$out.$deals-deals.json; else out=$out.json; fi
    nice -n ${NICE:-19} ${MAHJONGG:-.venv/bin/mahjongg} arena --challenger $c --field $f --ruleset $r --deals $deals --seed $seed --workers ${WORKERS:-2} --json > $out.tmp && mv $out.tmp $out
    echo "$c $f $r: $(python3 -c "import json,sys;d=json.load(open('$out'));print(d['advantage'],d['ci95'],d['hands_per_second'])")"
  done
done

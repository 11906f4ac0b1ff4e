"""The play layer: between the engine (``table``, ``bots``, the rulesets) and
the apps (``cli``, ``tui``, ``web``, ``simulate``). ``scorecard`` lays out a
scored hand once, for every app to print."""

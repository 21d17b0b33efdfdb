"""Classification: the rule packs (rules/), their literal gate (gate.py), the classifier (classify.py)
and the claim detector (claims.py) shared by the Stop guard.

Empty on purpose: importing one module (the Stop hook imports claims) must not import the others.
"""

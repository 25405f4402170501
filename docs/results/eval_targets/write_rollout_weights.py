import json, sys
src, dst, scale = sys.argv[1], sys.argv[2], float(sys.argv[3])
w = dict(live=0.522, resources=0.753, engine=0.465, hand=-0.209, turns=1.079, turns_left=2.696)
d = json.load(open(src))
names = d["features"]["names"]
d["margin"] = {"bias": 0.0, "weights": [scale * w.get(n, 0.0) for n in names]}
json.dump(d, open(dst, "w"), indent=1)

import json, sys, pickle
src, dst, wfile = sys.argv[1], sys.argv[2], sys.argv[3]
w = pickle.load(open(wfile, "rb"))
d = json.load(open(src))
d["margin"] = {"bias": float(w[0]), "weights": [float(x) for x in w[1:]]}
json.dump(d, open(dst, "w"), indent=1)

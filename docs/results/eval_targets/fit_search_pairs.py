import pickle, sys
import numpy as np
from ai.tea_garden.features import NAMES
allp = []
for f in sys.argv[1:]: allp += pickle.load(open(f, "rb"))
X=[]; Y=[]; G=[]
for (g, seat, rnd, modes, res) in allp:
    (fa, ma), (fb, mb) = res
    for i in range(2):
        X.append(np.array(fa[i]) - np.array(fb[i])); Y.append(ma[i] - mb[i]); G.append(g)
X=np.array(X); Y=np.array(Y); G=np.array(G)
hand = X[:, :7].sum(1)
test = G % 5 == 4
print("pairs", len(allp), "sd dtarget", Y.std(), "sd dhand", hand.std(), "corr", np.corrcoef(hand, Y)[0,1])
def fit(A, Y, l2=1.0): return np.linalg.solve(A.T@A + l2*np.eye(A.shape[1]), A.T@Y)
w = fit(X[~test], Y[~test]); p = X[test]@w
a = (hand[~test]@Y[~test])/(hand[~test]@hand[~test])
print("held-out rmse model", np.sqrt(((p-Y[test])**2).mean()), "hand", np.sqrt(((hand[test]-Y[test])**2).mean()), "scaled hand", np.sqrt(((a*hand[test]-Y[test])**2).mean()), "scale", a)
w = fit(X, Y)
for n, x in zip(NAMES, w): print(f"{n:16s} {x:8.3f}")
lev = pickle.load(open("/tmp/pr/strap_w.pkl", "rb"))
comb = lev.copy()
for i, n in enumerate(NAMES):
    if n not in ("to_move", "rounds_to_come", "others_gap", "puerh", "in_progress"):
        comb[i+1] = w[i]
pickle.dump(comb, open("/tmp/pr/pstrap_w.pkl", "wb"))

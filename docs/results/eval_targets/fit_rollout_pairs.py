import pickle, sys, glob
import numpy as np
from ai.tea_garden.features import NAMES
files = sys.argv[1:]
allp = []
for f in files: allp += pickle.load(open(f, "rb"))
X = []; Y = []; G = []
for (g, t, seat, modes, res) in allp:
    (fa, ma, _), (fb, mb, _) = res
    for i in range(len(ma)):
        X.append(np.array(fa[i]) - np.array(fb[i])); Y.append(ma[i] - mb[i]); G.append(g)
X = np.array(X); Y = np.array(Y); G = np.array(G)
hand = X[:, :7].sum(1)
print("pairs", len(allp), "rows", len(Y), "sd dm", Y.std(), "sd dhand", hand.std())
print("corr(dhand, dm)", np.corrcoef(hand, Y)[0,1])
test = G % 5 == 4
def fit(Xtr, Ytr, l2=1.0):
    A = Xtr.T @ Xtr + l2 * np.eye(Xtr.shape[1]); return np.linalg.solve(A, Xtr.T @ Ytr)
w = fit(X[~test], Y[~test])
pred = X[test] @ w
print("held-out: rmse model", np.sqrt(((pred - Y[test])**2).mean()), "rmse hand", np.sqrt(((hand[test]-Y[test])**2).mean()), "rmse 0", np.sqrt((Y[test]**2).mean()))
# best scale of hand
a = (hand[~test] @ Y[~test]) / (hand[~test] @ hand[~test])
print("hand scale", a, "rmse scaled hand", np.sqrt(((a*hand[test]-Y[test])**2).mean()))
for n, x in zip(NAMES, w): print(f"{n:16s} {x:8.3f}")
# standard errors
Xt, Yt = X[~test], Y[~test]
res = Yt - Xt @ w
s2 = res.var()
cov = s2 * np.linalg.pinv(Xt.T @ Xt + np.eye(X.shape[1]))
print("SE:", " ".join(f"{n}={np.sqrt(cov[i,i]):.3f}" for i, n in enumerate(NAMES)))
# reduced model: 7 parts (5 nonzero) + turns_left
idx = [0,1,2,3,4,11]
wr = fit(X[~test][:, idx], Y[~test])
pr = X[test][:, idx] @ wr
print("reduced", dict(zip([NAMES[i] for i in idx], np.round(wr,3))), "rmse", np.sqrt(((pr-Y[test])**2).mean()))
# full-data fits
wr_all = fit(X[:, idx], Y)
print("reduced all", dict(zip([NAMES[i] for i in idx], np.round(wr_all,3))))
w_all = fit(X, Y)
print("full all", dict(zip(NAMES, np.round(w_all,3))))
# by round

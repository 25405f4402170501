import pickle, sys
import numpy as np
from ai.tea_garden.features import NAMES
allp = []
for f in sys.argv[1:]: allp += pickle.load(open(f, "rb"))
X=[]; Y=[]; G=[]; F=[]
for out, sc in allp:
    for (g, t, seat, rnd, feats, best, mean) in out:
        m = (best - 0.5) * 300
        for i, f in enumerate(feats):
            X.append(f); Y.append(m if i == seat else -m); G.append(g)
            fm = sc[i] - max(y for j, y in enumerate(sc) if j != i); F.append(fm)
X=np.array(X); Y=np.array(Y); G=np.array(G); F=np.array(F)
hand = X[:, :7].sum(1)
test = G % 5 == 4
print("rows", len(Y), "sd target", Y.std(), "corr(hand,target)", np.corrcoef(hand, Y)[0,1], "corr(hand,final)", np.corrcoef(hand,F)[0,1], "corr(target, final)", np.corrcoef(Y,F)[0,1])
A = np.hstack([np.ones((len(Y),1)), X])
def fit(A, Y, l2=1.0):
    return np.linalg.solve(A.T@A + l2*np.eye(A.shape[1]), A.T@Y)
w = fit(A[~test], Y[~test])
p = A[test]@w
print("held-out rmse to target: model", np.sqrt(((p-Y[test])**2).mean()), "hand", np.sqrt(((hand[test]-Y[test])**2).mean()))
print("held-out rmse to final: model", np.sqrt(((p-F[test])**2).mean()), "hand", np.sqrt(((hand[test]-F[test])**2).mean()))
w = fit(A, Y)
print("bias", round(w[0],3)); 
for n, x in zip(NAMES, w[1:]): print(f"{n:16s} {x:8.3f}")
pickle.dump(w, open("/tmp/pr/strap_w.pkl","wb"))

import time, sys, pickle
from multiprocessing import Pool
from ai.arena import ArenaConfig, seated_game
from ai.agents import make_agent
from ai.knowledge import knowledge_for
from ai.tea_garden.features import state_features
from ai.base import Budget
from core.engine import final_outcome
from core.rng import Rng

SPEC = sys.argv[3] if len(sys.argv) > 3 else "mcts:iters=300+depth=lap+keep=0.3"
ITERS = int(SPEC.split("iters=")[1].split("+")[0])
config = ArenaConfig(game="tea_garden", seats=("heuristic",)*2, games=1, seed=1)
game = seated_game(config, config.seats)
k = knowledge_for(game)
h = make_agent("heuristic", game)

def job(g):
    rng = Rng.from_seed(5000 + g)
    s = game.new_state(Rng.from_seed(99 + g).next_u64() >> 1)
    out = []
    t = 0
    while not s.is_over():
        seat = s.current_seat()
        if k.boundary(s):
            t += 1
            if rng.random() < 0.2:
                m = make_agent(SPEC, game)
                res = m.agent.search(s.observation(seat), s.legal_moves(), Budget(iterations=ITERS), Rng.from_seed(rng.next_u64() >> 1))
                best = res.ranked[0]
                mean = sum(r.value * r.visits for r in res.ranked) / sum(r.visits for r in res.ranked)
                out.append((g, t, seat, s.round, state_features(s), best.value, mean))
        legal = s.legal_moves()
        s.apply(h.agent.choose(s.observation(seat), legal, h.budget, rng), seat=seat)
    sc = final_outcome(s).scores
    return out, sc

if __name__ == "__main__":
    n0, n1 = int(sys.argv[1]), int(sys.argv[2])
    t = time.perf_counter()
    allp = []
    with Pool(2) as p:
        for o in p.imap_unordered(job, range(n0, n1)):
            allp.append(o)
    print(sum(len(o[0]) for o in allp), "positions", time.perf_counter() - t, "s")
    pickle.dump(allp, open(f"/tmp/pr/strap_{n0}_{n1}.pkl", "wb"))

import time, sys, pickle
from multiprocessing import Pool
from ai.arena import ArenaConfig, seated_game
from ai.agents import make_agent
from ai.knowledge import knowledge_for
from ai.tea_garden.policy import TeaGardenPolicy
from ai.tea_garden.features import state_features
from ai.base import Budget
from core.rng import Rng

SPEC = "mcts:iters=300+depth=lap+keep=0.3"
config = ArenaConfig(game="tea_garden", seats=("heuristic",)*2, games=1, seed=1)
game = seated_game(config, config.seats)
k = knowledge_for(game)
h = make_agent("heuristic", game)
soft = TeaGardenPolicy(epsilon=1.0, temperature=3.0)

def branch(start, seat, mode, rng):
    x = start.clone()
    first = True
    while not x.is_over() and (first or not k.boundary(x)):
        first = False
        legal = x.legal_moves()
        mv = h.agent.choose(x.observation(x.current_seat()), legal, h.budget, rng) if mode == 0 else soft(x, legal, rng)
        x.apply(mv, seat=x.current_seat())
    if x.is_over():
        return None
    o = x.current_seat()
    m = make_agent(SPEC, game)
    res = m.agent.search(x.observation(o), x.legal_moves(), Budget(iterations=300), Rng.from_seed(rng.next_u64() >> 1))
    v = (res.ranked[0].value - 0.5) * 300
    margins = [v if i == o else -v for i in range(2)]
    return state_features(x), margins

def job(g):
    rng = Rng.from_seed(7000 + g)
    s = game.new_state(Rng.from_seed(177 + g).next_u64() >> 1)
    out = []
    while not s.is_over():
        seat = s.current_seat()
        if k.boundary(s) and rng.random() < 0.1:
            modes = [0 if rng.random() < 0.5 else 1, 1]
            res = [branch(s, seat, m, Rng.from_seed(rng.next_u64() >> 1)) for m in modes]
            if res[0] is not None and res[1] is not None:
                out.append((g, seat, s.round, modes, res))
        legal = s.legal_moves()
        s.apply(h.agent.choose(s.observation(seat), legal, h.budget, rng), seat=seat)
    return out

if __name__ == "__main__":
    n0, n1 = int(sys.argv[1]), int(sys.argv[2])
    t = time.perf_counter()
    allp = []
    with Pool(2) as p:
        for o in p.imap_unordered(job, range(n0, n1)):
            allp.extend(o)
    print(len(allp), "pairs", time.perf_counter() - t, "s")
    pickle.dump(allp, open(f"/tmp/pr/pstrap_{n0}_{n1}.pkl", "wb"))

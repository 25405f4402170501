import time, sys, pickle
from multiprocessing import Pool
from ai.arena import ArenaConfig, seated_game
from ai.agents import make_agent
from ai.knowledge import knowledge_for
from ai.tea_garden.policy import TeaGardenPolicy
from ai.tea_garden.features import state_features
from core.engine import final_outcome
from core.rng import Rng

NP = int(sys.argv[3]) if len(sys.argv) > 3 else 2
config = ArenaConfig(game="tea_garden", seats=("heuristic",)*NP, games=1, seed=1)
game = seated_game(config, config.seats)
k = knowledge_for(game)
h = make_agent("heuristic", game)
soft = TeaGardenPolicy(epsilon=1.0, temperature=3.0)

def step(state, rng):
    seat = state.current_seat()
    legal = state.legal_moves()
    state.apply(h.agent.choose(state.observation(seat), legal, h.budget, rng), seat=seat)

def margins(state):
    s = final_outcome(state).scores
    return [x - max(y for j, y in enumerate(s) if j != i) for i, x in enumerate(s)]

def branch(start, seat, mode, rng, tail_seed):
    x = start.clone()
    first = True
    while not x.is_over() and (first or not k.boundary(x)):
        first = False
        legal = x.legal_moves()
        if mode == 0:
            mv = h.agent.choose(x.observation(seat), legal, h.budget, rng)
        else:
            mv = soft(x, legal, rng)
        x.apply(mv, seat=x.current_seat())
    f = state_features(x) if not x.is_over() else None
    stage = x.round
    r = Rng.from_seed(tail_seed)
    while not x.is_over():
        step(x, r)
    return f, margins(x), stage

def job(g):
    rng = Rng.from_seed(1000 + g)
    s = game.new_state(Rng.from_seed(77 + g).next_u64() >> 1)
    starts = []
    t = 0
    out = []
    while not s.is_over():
        if k.boundary(s):
            t += 1
            if rng.random() < 0.12:
                seat = s.current_seat()
                modes = [0 if rng.random() < 0.4 else 1, 1]
                tail = rng.next_u64() >> 1
                res = [branch(s, seat, m, Rng.from_seed(rng.next_u64() >> 1), tail) for m in modes]
                if res[0][0] is not None and res[1][0] is not None:
                    out.append((g, t, seat, modes, res))
        step(s, rng)
    return out

if __name__ == "__main__":
    n0, n1 = int(sys.argv[1]), int(sys.argv[2])
    t = time.perf_counter()
    allp = []
    with Pool(2) as p:
        for o in p.imap_unordered(job, range(n0, n1)):
            allp.extend(o)
    print(len(allp), "pairs", time.perf_counter() - t, "s")
    pickle.dump(allp, open(f"/tmp/pr/pairs_{NP}p_{n0}_{n1}.pkl", "wb"))

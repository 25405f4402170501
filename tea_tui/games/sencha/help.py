"""Sencha's part of the help screen: the game in short and how its screens read, in the
project's own words (never the rulebook's sentences)."""

from __future__ import annotations

GAME_HELP = """
## Sencha in short

You grow, carry and sell tea. Each turn is **one action**; there are no rounds. You start with
7 yen, one house waiting in your area, four more on your reserve and one worker (a Peasant).

- **1 Buy a house** from your reserve. The price is how many houses are still on it (4, 3, 2,
  then 1 yen). A bought house waits in your area until you build it.
- **2 Build** a house from your area. It costs 1 yen per house already there. On a
  **plantation** (3 houses at most) it also draws 5 cubes from the bag onto it, and each of your
  houses there lets you take one kind of tea there per Collect. On the **field** it pays +1 yen
  whenever you sell and is worth 1 VP at the end.
- **3 Recruit** a worker (3 at most, the initial one included). Peasant, 3 yen: 1 cube of any
  tea, and the only worker for **Sencha**. Donkey, 5 yen: 2 cubes of one tea. Collector, 8 yen:
  2 cubes of one or two teas. Cart, 3 yen plus a Donkey or Collector traded in: 3 cubes of one
  tea. Collectors and Carts are worth 1 VP each at the end. With 3 workers, one goes.
- **4 Collect**: first, if you like, **produce** (1 yen: 2 cubes from the bag onto a plantation
  where you have a house, as often as you can pay). Then send workers to your plantations and
  take cubes one at a time; a worker stays at one plantation. A plantation holds 9 cubes at most.
  Press `n` when you are done (selling and offering end with `n` too).
  With nothing to collect and no way to produce, you take one free cube from the bag (key f).
- **5 Sell** cubes your workers carry, one at a time: into the card's column of that tea for the
  price of the next slot, or to the **Emperor**: an offer like "2 Sencha → 1 VP" is offered
  only when your workers carry all its cubes, and pays its points once you have given them.
  Each cube keeps its key through the Sell (worker 1's teas on 1-3, worker 2's on 4-6, worker
  3's on 7-9, the Emperor's offers after them), so pressing a key again never sells another tea.
  Field houses pay their yen as the Sell ends. You can hold 12 yen at most (the top of your yen
  track): income beyond that is lost, so spend first (the house rule "No money cap" lifts it).

**The Tea Market card.** When any column of the card in play is full, its demand is met: the
seller may then offer carried tea of that full column to their **temple**, the cubes on the card
go back to the bag and the next card turns up; the Sell ends there.

**Taxes.** The VP track has two marks, at 3 and 5 (shown as ¥). When you reach one, you pay
1 yen per house on plantations at the end of that turn (what you have, if you are short).

**The end.** When the last card's demand is met, or a player reaches 7 VP, every other player
has one last turn. Then: VP track + 1 per Collector and Cart + 1 per field house + yen (7 to 11
yen: 1, 12: 2) + 1 per tea for the single player with the most of it in their temple. Ties go to
the most yen, then the most tea offered.

## Sencha's screen

- **b Board**: each plantation with its houses (a seat's glyph per house, ○ neutral, · a free
  spot), the price to build there and its cubes; the field; each seat's houses to build / on the
  reserve.
- **m Market**: the card in play, a line per tea: ■ a filled slot, a number the price of a free
  one; the Emperor's offers; the cards left; the bag; the workers for hire.
- **o Players**: each seat's yen, VP track (the marker reversed, ¥ a tax mark, dim once paid),
  workers numbered as the moves number them with their loads (· room left, * the initial
  worker), temple and houses.
- **l Log**: every move, every draw from the bag and every new card.

Undo (Esc) takes back your steps until something new came out: a draw, a card or the
face-down worker.
"""

"""Tea Garden's part of the help screen: the rules in short, the marks on screen, the house
rules and the Puerh expansion, in the project's own words."""

from __future__ import annotations

RULES = """
## Tea Garden in short

The game lasts **5 rounds**. In a round each player takes up to **4 turns**, one card slot on
the board each; the 4th slot costs a fee in leaves. Passing ends your round.

**A turn:** play one or more cards from hand (their strength adds up; the card on top decides
what else you may do), then take **one main action** and, in any order, the top card's offer and
free actions, then end the turn.

- **Main actions:** build a garden (a Pagoda whose strength you reach, next to your gardens;
  one border further costs +2 strength), buy an Action card from the display (slot strength,
  leaf price, Teapots on your played cards), take a Caravan (sell leaves for its rewards), ferment
  up to your strength in fresh leaves, or harvest one leaf from each of up to that many gardens.
- **The top card** offers a secondary action (River: move your Boat; Cup production: take a
  Cup tile; University: move a Worker) or an effect; an x2 Scroll or 3 fermented leaves repeat it.
- **Free actions:** climb the Emperor track (tokens and a leaf), spend a Cup token for the bonus
  of a Cup beside it, use a +1 Scroll for one more strength.

**Between rounds:** played cards go to the discard pile, fresh leaves lose one quality and
fermented ones gain one, every garden yields 2 leaves of its Region's value, you draw 4 cards.

**At the end** you score your VP track, Action cards, Emperor card conditions, the River
segment of your Boat, your University Workers, the top of the Emperor track, matching Cup
connections and 1 per Scroll and Emperor token left. Ties go to the most leaves, then the most
fermented leaves.

## Solo: you against Lu Yu

Choose **Solo vs Lu Yu** under Players on the New game screen (or
`tea-tui new --seat human --seat luyu:hard`). Lu Yu is an automa: he follows his own small deck
of cards and never chooses anything himself. His difficulty is the number of strong Expert
cards in that deck: none (easy) up to three (expert). You pick who takes the first turn. To
win you need **more** points than he has; a tie counts as his.

**His turn:** he pays the slot fee if there is one (he passes when he cannot), turns the top
card of his deck face up into his next slot and does what its front says, one row after the
other. A row reads like `Build (else +2 fresh)`: if the action cannot be done, he takes what
follows "else" instead. He ignores the bonuses that players collect on the board.
The log tells each of his turns step by step, with the reason for every choice.

**His board** (key `o`, the tab with his name) shows the cards he played this round, his leaves
(only the counts matter to him, not the quality), his Emperor space, his Caravans and bought
Action cards with what they are worth to him, and the **top card of his deck**. Each of his
cards has a different back, so that card is known: it is the one he turns next. Its back
carries his *indicators*: his strength for buying (and for the expansion's Court and Market),
which secondary action he takes, which Caravan and which Emperor card (display #1-#3) he goes
for, the order of Provinces for Cup tiles, the order of bonus kinds that settles a tie when he
builds, and with the expansion his order of Halls and Market spaces. Lu Yu reads the back of
whichever card lies on top *during* his turn: once he has turned a card, the card beneath it
steers that turn. So the back you see between his turns explains what he just did, and the
next back stays a surprise until he plays.

**His score:** Action cards, River, University and Cups as for you; 5 per Caravan; 1 per two
fresh leaves and 1 per fermented leaf; his Emperor space by its own table (5 at the first
space, up to 45 at the sixth); with the expansion, his Hall points, Decrees, and 10 per Puerh
cake (5 for an unfinished one). The score table lists his Caravans and leaves on rows of their
own (you score nothing there).

## Reading the map (m)

Each box is a Region: the first letter of its Province on the Province's colour, the Region's
name as the menus write it (cut to the width of the box; the legend under the map gives the
cut ones in full), and the quality of the leaves it grows. The second line has one mark per
garden space, `·` free, a digit for a space that scores that many VP when you build there, a
seat's glyph once built, and the Region bonus token still lying there (`1E` one Emperor token,
`3g2` three fresh leaves of quality 2; the legend lists them). A thin line between boxes is a
border you can build across, `≈` the River, `▒` mountains with no border at all. Tab moves the
focus into the panel, so the arrows scroll it down to the legend.

## Reading the displays (d)

**Action cards:** `slot ≥N` is the strength your played cards need for that slot, `str` the
card's strength, `Teapots` the Teapots printed on it, `top` what it offers on top of your
played cards, `price` its cost in leaves (`2 (1f) q≥3`: two leaves of quality 3 or better,
one of them fermented) and `needs` the Teapots your played cards must show to buy it: `G`
green, `R` red, `B` blue, `N` neutral (counts as any colour), `*` one of any colour. A `+`
joins Teapots that are all needed: `G+R` is a green and a red one. A `/` always means one or
the other, as in `remove card / ✦Uni`. A missing Teapot can be covered with a Teapot Scroll,
3 leaves or 2 fermented leaves.

**Caravans:** each has a name, two ways to `sell` leaves (any quality; pick one) and two
strength steps (`str ≥4`: reach strength 4 with your played cards for its reward).

**Cup tiles:** two tiles side by side in a row meet at a connection; when the two Cups that
meet there have one colour, that is a match. Your matches score together at the end (1 match
1 VP, 2 make 2, 3 make 4, 4 make 7, and so on up to 22). When you place a tile, the menu says
whether it makes a match at that end of the row.

## Marks on screen

| Mark | Meaning |
|---|---|
| ● ▲ ■ ◆ | seats 1 to 4 (each also has a colour) |
| g3, f3 | a fresh (green), a fermented (brown) leaf of quality 3 |
| G+R | Teapots: all of them (a green and a red one) |
| a / b | one or the other |
| ≈ | the River, and the River action |
| ◡ | Cups and Cup production |
| ✦ | the Tea University |
| ▒ | mountains on the map: no border to cross |
| [x] | a card ticked to play |
| dimmed item | not possible now; the reason follows it |
"""

HOUSE_RULES = """
## House rules

**House rules** (`F3` on the New game screen, or `tea-tui new --variant NAME`) turn one of
our readings of an open rule the other way for a game: limited supplies, a longer Cup table,
late cards, and with the expansion no final Hall scoring, bridging Puerh tokens and Sichuan
counting for the Gardens Decree. The game opens with a notice of the ones in play, and the
score window (`s`) lists them.
"""

EXPANSION = """
## Puerh - The Noble Court (expansion)

Only in a game started with the expansion (the Puerh box of the New game screen, or
`tea-tui new --puerh`). Key `r` opens the **Court** panel, in the game and in the replay.

**Halls.** The panel opens with the Halls on display, numbered from 1 (three of them, two in
a game of one or two), each with its name and what a Courtier sent there gains; `deck N` is
the number of Halls still to come. The line under a Hall shows its four Courtier spaces, such as
`6▲  4·  3●  2·`: each number is the strength your played cards need for that space, and the
mark right after it tells who stands there, a seat's glyph, or `·` while it is free. Sending a
Courtier is the main action **Noble Court**; you then take the Hall's gains in the order you
like, or leave some. After every round, the last one included, the seat whose Courtiers under a
Hall add up to the most scores 5 VP there and the runner-up 2 VP (on a tie, the seat holding
the space further left wins). Then all Courtiers go home and new Halls come up.

**Courtiers.** The table near the end of the panel counts, per seat, the Courtiers `ready` on
the extension of its board (only these can be sent), those `at Halls`, those still `waiting`
on the Court board, and the `Hall VP` won so far. Every Decree a seat fulfils frees one of its
waiting Courtiers.

**Imperial Decrees.** Four goals open to everyone, one row each: the topic (River, Emperor,
University, Gardens, Caravans, Cups or Puerh), the side, the target in words, the VP, the late
comers and your progress. The side is spelled out as well as coloured: a **brown** Decree
asks less and pays less, a **red** one asks more and pays more. `VP` holds two prizes, for the
first and for the second seat to reach the target; the glyph after a prize tells who took it,
`·` that it is still open (`5● 2·`). `also` lists the seats that got there after both prizes
were gone: no points for them, but a Courtier all the same. `you` shows how far you are, such
as `2/4`, or `✓ done`.

**Puerh tokens.** Every token is a third of a tea cake. The **Puerh Market** (`premium`) holds
three Premium tokens for sale: the main action **Puerh Market** buys one of them with strength
1, up to two with strength 3 and up to three with strength 5, each paid in leaves. The **Puerh
Storage** (`basic`) holds three free Basic tokens: you pick one whenever an effect reads
`Basic Puerh`. `pile N` is the number of face-down tokens left to refill the slots. The
columns: `bonus` (what the token gives when placed), `★` its stars, `◎` its centre value, and
`cost` in leaves: `3 (1f)` is three leaves, one of them fermented (a `q≥2` would ask for
quality 2 or better).

**Cakes.** A token you gain starts a new set, or joins one unfinished set that has had no
other token this turn; joining gives you the bonus of every token now in that set. Three
tokens make a **cake**. Below the Court, your sets list their tokens as `★★ +2g1` (two stars,
bonus two fresh leaves of quality 1) or `◎4 +1VP` (centre value 4, bonus 1 VP). A cake scores
its stars times its centre values, shown as `2★\N{MULTIPLICATION SIGN}3=6 VP`; stars alone
or values alone make 0. A set of one or two tokens (`1/3, open`) scores nothing.

**The fifth card slot.** With the expansion each board has a fifth card slot, so a round has
up to five turns: the status line counts them (`turns left ●5 ▲5`), and *Played this round* on
your board lists slot 5 with its fee, such as `fee 3 (1f)`, paid in leaves when you play into
that slot, as for slot 4.

**Scores.** The score table (`s`) and the end screen have three more rows: `◔ Puerh cakes`
(your complete cakes), `⚑ Imperial Decrees` (the prizes your seat took) and `⌂ Noble Court
Halls` (the 5s and 2s won at the Halls).

| Mark | Meaning |
|---|---|
| `6● 4· 3▲` | Courtier spaces under a Hall: strength needed, then who stands there (`·` free) |
| ★ | a star of a Puerh token |
| ◎ | the centre value of a Puerh token |
| ★\N{MULTIPLICATION SIGN}◎ | what a complete cake scores: its stars times its centre values |
| brown / red | the easier / harder side of a Decree |
| `5● 2·` | Decree prizes: the first taken by ●, the second still open |
| ✓ done | you have fulfilled this Decree |
| ◔ ⚑ ⌂ | score rows: Puerh cakes, Imperial Decrees, Noble Court Halls |
"""

GAME_HELP = RULES + HOUSE_RULES + EXPANSION
"""Tea Garden's part of the help text (Markdown)."""

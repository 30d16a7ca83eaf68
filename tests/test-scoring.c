/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scoring.c: every preset and option against the rule texts, and invalid deals. */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "deuces-document.h"
#include "deuces-error.h"
#include "deuces-exchange.h"
#include "deuces-money.h"

/* Documents are written with single quotes to keep the tables readable. */
static char *
dequote (const char *text)
{
  char *json = g_strdup (text);

  g_strdelimit (json, "'", '"');
  return json;
}

static DeucesGame *
load (const char *document,
      GError    **error)
{
  g_autofree char *json = dequote (document);

  return deuces_document_parse_data (json, -1, error);
}

/* "Ann=0 Bo=3 …" for a points row, in seat order. */
static char *
describe (const DeucesGame *game,
          const gint64     *values)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < game->n_players; i++)
    g_string_append_printf (text, "%s%s=%" G_GINT64_FORMAT, i ? " " : "", game->players[i],
                            values[i]);
  return g_string_free (text, FALSE);
}

typedef struct {
  const char *path;
  const char *source;     /* the passage of the rule text the case comes from */
  const char *document;
  const char *last_deal;  /* points of the last deal; NULL to skip */
  const char *totals;     /* totals after all deals; NULL to skip */
} ScoringCase;

/* doc/rules.md §11.4: the two scorers of §11's rules as variants given in the document. */
#define LEAGUE "'variant':{'base':'classic','id':'league','name':'League','tiers':'10-12 x2, 13- =39'}"
#define MOBILE "'variant':{'id':'mobile','name':'Mobile','goal':'lowest','scheme':'rank'," \
  "'settlement':'winner-collects','players':'2-4','rank_points':'100,200,300'," \
  "'rank_points.3':'100,200','rank_points.2':'100','double_if_any':'10'}"

static const ScoringCase scoring_cases[] = {
  /* classic */
  { "/scoring/classic/one-per-card", "000 Scoring: one point per card with 9 cards or fewer",
    "{'variant':'classic','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':3,'Cy':9,'Di':1}}]}",
    "Ann=0 Bo=3 Cy=9 Di=1", NULL },
  { "/scoring/classic/fried-double", "000 Scoring: two points per card with 10, 11 or 12 cards",
    "{'variant':'classic','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':10,'Cy':12,'Di':11}}]}",
    "Ann=0 Bo=20 Cy=24 Di=22", NULL },
  { "/scoring/classic/fried-triple", "000 Scoring: three points per card (39) with all 13 cards",
    "{'variant':'classic','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Di','cards_left':{'Ann':13,'Bo':1,'Cy':2}}]}",
    "Ann=39 Bo=1 Cy=2 Di=0", NULL },
  { "/scoring/classic/three-players", "000 Three Player Game: more than 13 cards pays 3 per card",
    "{'variant':'classic','players':['Ann','Bo','Cy'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':18,'Cy':14}}]}",
    "Ann=0 Bo=54 Cy=42", NULL },
  { "/scoring/classic/assistance", "000 Scoring: you have to pay the losses of all three players",
    "{'variant':'classic','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':3,'Cy':11,'Di':8},'final_play':{'cards':1,'twos':0},"
    "'assisted_by':'Cy'}]}",
    "Ann=0 Bo=0 Cy=33 Di=0", NULL },
  { "/scoring/classic/assistance-off", "doc/rules.md §5: assistance is a switch",
    "{'variant':'classic','players':['Ann','Bo','Cy','Di'],'options':{'assistance':false},"
    "'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':11,'Di':8}}]}",
    "Ann=0 Bo=3 Cy=22 Di=8", NULL },
  { "/scoring/classic/dragon", "000 Dragon wins: each other player scores 39 penalty points",
    "{'variant':'classic','players':['Ann','Bo','Cy','Di'],'options':{'dragon':true},"
    "'deals':[{'winner':'Bo','dragon':true}]}",
    "Ann=39 Bo=0 Cy=39 Di=39", NULL },
  { "/scoring/classic/twos-out-doubles",
    "000 Scoring variations: a last play of only twos doubles the penalties",
    "{'variant':'classic','players':['Ann','Bo','Cy','Di'],'options':{'twos_out_doubles':true},"
    "'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':10,'Di':1},'final_play':{'cards':2,'twos':2}}]}",
    "Ann=0 Bo=6 Cy=40 Di=2", NULL },
  { "/scoring/classic/twos-out-needs-all-twos",
    "000 Scoring variations: the play must consist entirely of twos",
    "{'variant':'classic','players':['Ann','Bo','Cy','Di'],'options':{'twos_out_doubles':true},"
    "'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':10,'Di':1},'final_play':{'cards':5,'twos':3}}]}",
    "Ann=0 Bo=3 Cy=20 Di=1", NULL },
  { "/scoring/classic/twos-in-hand-doubles", "004 Scoring: double the count for each unused 2",
    "{'variant':'classic','players':['Ann','Bo','Cy','Di'],'options':{'twos_in_hand_doubles':true},"
    "'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':5,'Di':1},'twos_left':{'Bo':1,'Cy':2}}]}",
    "Ann=0 Bo=6 Cy=20 Di=1", NULL },
  { "/scoring/classic/001-worked-example", "001 Scoring: A=81, B=40, C=107, D=63",
    "{'variant':'flat','players':['A','B','C','D'],'deals':["
    "{'winner':'A','cards_left':{'B':13,'C':13,'D':13}},"
    "{'winner':'B','cards_left':{'A':13,'C':13,'D':13}},"
    "{'winner':'B','cards_left':{'A':13,'C':13,'D':13}},"
    "{'winner':'B','cards_left':{'A':13,'C':13,'D':13}},"
    "{'winner':'B','cards_left':{'A':13,'C':13,'D':10}},"
    "{'winner':'B','cards_left':{'A':13,'C':13,'D':1}},"
    "{'winner':'D','cards_left':{'A':13,'B':13,'C':13}},"
    "{'winner':'D','cards_left':{'A':2,'B':13,'C':13}},"
    "{'winner':'D','cards_left':{'A':1,'B':1,'C':3}}]}",
    NULL, "A=81 B=40 C=107 D=63" },
  /* zero-sum */
  { "/scoring/zero-sum/004-example",
    "004 Scoring: East 3, West 11, South 8 score -3, -22, -8 and North +33",
    "{'variant':'zero-sum','players':['North','East','West','South'],'deals':["
    "{'winner':'North','cards_left':{'East':3,'West':11,'South':8}}]}",
    "North=33 East=-3 West=-22 South=-8", NULL },
  { "/scoring/zero-sum/every-card", "004 Scoring: -3 a card for a player who played no card",
    "{'variant':'zero-sum','players':['North','East','West','South'],'deals':["
    "{'winner':'East','cards_left':{'North':13,'West':12,'South':9}}]}",
    "North=-39 East=72 West=-24 South=-9", NULL },
  { "/scoring/zero-sum/three-players",
    "004 Scoring: with 3 players 17 cards triple, 12 to 16 double",
    "{'variant':'zero-sum','players':['North','East','West'],'deals':["
    "{'winner':'North','cards_left':{'East':17,'West':12}},"
    "{'winner':'North','cards_left':{'East':11,'West':18}}]}",
    "North=65 East=-11 West=-54", "North=140 East=-62 West=-78" },
  { "/scoring/zero-sum/assistance",
    "004 Penalty for assistance: the assister takes the other losers' points",
    "{'variant':'zero-sum','players':['North','East','West','South'],'deals':["
    "{'winner':'North','cards_left':{'East':3,'West':11,'South':8},'assisted_by':'South'}]}",
    "North=33 East=0 West=0 South=-33", NULL },
  /* da-lao-er */
  { "/scoring/da-lao-er/ten-or-fewer",
    "000 Variations (GameSky): 1 per card with 10 or fewer, 2 with 11 or more",
    "{'variant':'da-lao-er','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':10,'Cy':11,'Di':13}}]}",
    "Ann=0 Bo=10 Cy=22 Di=26", NULL },
  /* heavy */
  { "/scoring/heavy/tiers",
    "000 Scoring variations: double with 8 or 9, triple with 10-12, quadruple with 13",
    "{'variant':'heavy','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':7,'Cy':8,'Di':9}},"
    "{'winner':'Ann','cards_left':{'Bo':10,'Cy':12,'Di':13}}]}",
    "Ann=0 Bo=30 Cy=36 Di=52", "Ann=0 Bo=37 Cy=52 Di=70" },
  /* doubling */
  { "/scoring/doubling/stacked", "000 Scoring variations: 40 points for 10 cards, 44 for 11",
    "{'variant':'doubling','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':10,'Cy':11,'Di':8}}]}",
    "Ann=0 Bo=40 Cy=44 Di=16", NULL },
  { "/scoring/doubling/nine-with-two-twos",
    "000 Scoring variations: nine cards with two twos lose 9 x 2 x 2 x 2 = 72",
    "{'variant':'doubling','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':9,'Cy':7,'Di':1},'twos_left':{'Bo':2}}]}",
    "Ann=0 Bo=72 Cy=7 Di=1", NULL },
  { "/scoring/doubling/twos-from-hand",
    "doc/rules.md §2.2: twos left are derived from the hand when given",
    "{'variant':'doubling','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','hands':{'Bo':'2S 2H 3D','Cy':'4C','Di':'5C 6C'}}]}",
    "Ann=0 Bo=12 Cy=1 Di=2", NULL },
  /* pair-difference */
  { "/scoring/pair-difference/kam-example",
    "000 (Anthony Kam): 10 cards pay 20 to the winner but only 8 to a player with 2",
    "{'variant':'pair-difference','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':10,'Cy':2,'Di':2}}]}",
    "Ann=-24 Bo=36 Cy=-6 Di=-6", NULL },
  /* flat */
  { "/scoring/flat/never-doubled", "000 Scoring variations: one point per card, without doubling",
    "{'variant':'flat','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':13,'Cy':10,'Di':1}}]}",
    "Ann=0 Bo=13 Cy=10 Di=1", NULL },
  /* face-value */
  { "/scoring/face-value/hands",
    "000 Scoring variations: 2-10 one point, J Q K two, A three, 2 four",
    "{'variant':'face-value','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','hands':{'Bo':'2S AH KD 3C','Cy':'10D','Di':'JC QC'}}]}",
    "Ann=0 Bo=10 Cy=1 Di=4", NULL },
  { "/scoring/face-value/doubled-and-counted",
    "000 Scoring variations: doubled for a player with 10 or more cards",
    "{'variant':'face-value','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','hands':{'Bo':'3D 4D 5D 6D 7D 8D 9D 10D JD QD'},"
    "'cards_left':{'Cy':5,'Di':2},'points_left':{'Cy':9,'Di':8}}]}",
    "Ann=0 Bo=24 Cy=9 Di=8", NULL },
  /* rank-value */
  { "/scoring/rank-value/hands",
    "000 Scoring variations: 1 for a three … 12 for an ace, 13 for a two",
    "{'variant':'rank-value','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','hands':{'Bo':'2S AH KD 3C','Cy':'10D','Di':'JC QC'}}]}",
    "Ann=0 Bo=37 Cy=8 Di=19", NULL },
  /* winner-only */
  { "/scoring/winner-only/collects",
    "000 Scoring variations: only the winner collects, nothing between losers",
    "{'variant':'winner-only','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':3,'Cy':11,'Di':8}}]}",
    "Ann=-33 Bo=3 Cy=22 Di=8", NULL },
  /* starter-doubles */
  { "/scoring/starter-doubles/only-starter",
    "000 Scoring variations: the double score applies only to the starter",
    "{'variant':'starter-doubles','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':10,'Cy':10,'Di':13},'starter':'Bo'}]}",
    "Ann=0 Bo=20 Cy=10 Di=13", NULL },
  /* taiwan-loser */
  { "/scoring/taiwan-loser/honour",
    "000 (Jonathan Dushoff): the holder of the highest honour combination loses",
    "{'variant':'taiwan-loser','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','hands':{'Bo':'2S 2H AS','Cy':'5D 5C 5H 5S 3D','Di':'6C 7C 8C 9C 10C JH'}}]}",
    "Ann=-1 Bo=0 Cy=0 Di=1", NULL },
  { "/scoring/taiwan-loser/two-or-ace",
    "000 (Jonathan Dushoff): without honours, the holder of the highest two or ace loses",
    "{'variant':'taiwan-loser','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','hands':{'Bo':'AS 3D','Cy':'2D','Di':'KS QS JS 10S 8S 7D'}}]}",
    "Ann=-1 Bo=0 Cy=1 Di=0", NULL },
  { "/scoring/taiwan-loser/most-cards",
    "000 (Jonathan Dushoff): else the holder of the most cards loses",
    "{'variant':'taiwan-loser','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','hands':{'Bo':'KS 3D','Cy':'4D','Di':'QS 5D 6D'}}]}",
    "Ann=-1 Bo=0 Cy=0 Di=1", NULL },
  { "/scoring/taiwan-loser/tie-highest-card",
    "000 (Jonathan Dushoff): a tie for most cards goes to the highest card",
    "{'variant':'taiwan-loser','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','hands':{'Bo':'KS 3D','Cy':'4D','Di':'QS 5D'}}]}",
    "Ann=-1 Bo=1 Cy=0 Di=0", NULL },
  /* takes_all (doc/rules.md §9): the named player pays what every loser would have paid. */
  { "/scoring/classic/winner-takes-all",
    "doc/rules.md §9 takes_all: the winner pays the losers' total",
    "{'variant':'classic','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':3,'Cy':11,'Di':8},'takes_all':'Ann'}]}",
    "Ann=33 Bo=0 Cy=0 Di=0", NULL },
  { "/scoring/flat/loser-takes-all",
    "doc/rules.md §9 takes_all: a loser pays every loser's penalty",
    "{'variant':'flat','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':3,'Cy':11,'Di':8},'takes_all':'Cy'}]}",
    "Ann=0 Bo=0 Cy=22 Di=0", NULL },
  /* Three of five playing are dealt 17 each (000 Three Player Game), so 11 cards pay 1
   * each in classic's three-player tiers… and two decks are no longer in play. */
  { "/scoring/classic/three-of-five-play",
    "000 Three Player Game; doc/rules.md §9 players sitting out",
    "{'variant':'classic','players':['Ann','Bo','Cy','Di','Ed'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':18,'Cy':1},'sitting_out':['Di','Ed']}]}",
    "Ann=0 Bo=54 Cy=1 Di=0 Ed=0", NULL },
  { "/scoring/taiwan-loser/named-agrees",
    "doc/rules.md §6.12: a named loser the hands agree with is charged",
    "{'variant':'taiwan-loser','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','loser':'Cy','hands':{'Bo':'3D 4D 5C 6C 7H','Cy':'2S','Di':'4S'}}]}",
    "Ann=-1 Bo=0 Cy=1 Di=0", NULL },
  { "/scoring/taiwan-loser/named", "doc/rules.md §6.12: without hands the scorer names the loser",
    "{'variant':'taiwan-loser','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Bo','loser':'Di'}]}",
    "Ann=0 Bo=-1 Cy=0 Di=1", NULL },
  /* indonesia */
  { "/scoring/indonesia/losers",
    "000 (Harold Hutabarat): 1 per card 3 to A, 5 per two, x2 with 11-12, x3 with 13",
    "{'variant':'indonesia','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':5,'Cy':11,'Di':13},'twos_left':{'Bo':1,'Di':2}}]}",
    "Ann=-5 Bo=9 Cy=22 Di=63", NULL },
  { "/scoring/indonesia/twos-finish",
    "000 (Harold Hutabarat): each two in the finishing play is -10 (a pair of twos -20)",
    "{'variant':'indonesia','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':1,'Cy':2,'Di':3},'final_play':{'cards':2,'twos':2}}]}",
    "Ann=-20 Bo=1 Cy=2 Di=3", NULL },
  { "/scoring/indonesia/specials",
    "000 (Harold Hutabarat): quads -20, straight flush -40, doubled as the final play",
    "{'variant':'indonesia','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':4,'Cy':2,'Di':3},'final_play':{'cards':5,'twos':0},"
    "'specials':{'Ann':[{'play':'straight-flush','final':true}],'Bo':['quads'],'Cy':['four-twos']}}]}",
    "Ann=-85 Bo=-16 Cy=-78 Di=3", NULL },
  /* pusoy-dos */
  { "/scoring/pusoy-dos/deuces",
    "000 Scoring variations (Pusoy Dos): 1 point, 2, 4, 8 or 16 with deuces in the last play",
    "{'variant':'pusoy-dos','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann'},"
    "{'winner':'Bo','final_play':{'cards':1,'twos':1}},"
    "{'winner':'Cy','final_play':{'cards':3,'twos':3}},"
    "{'winner':'Di','final_play':{'cards':5,'twos':4}}]}",
    "Ann=0 Bo=0 Cy=0 Di=16", "Ann=1 Bo=2 Cy=8 Di=16" },
  /* gamers-house */
  { "/scoring/gamers-house/pair-of-twos",
    "003: a point per card in the other hands, x4 for a pair of twos",
    "{'variant':'gamers-house','players':['Ann','Bo','Cy'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':3,'Cy':7},'final_play':{'cards':2,'twos':2}}]}",
    "Ann=40 Bo=0 Cy=0", NULL },
  { "/scoring/gamers-house/four-twos", "003: four of a kind in twos multiplies by 16",
    "{'variant':'gamers-house','players':['Ann','Bo'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':4},'final_play':{'cards':5,'twos':4}}]}",
    "Ann=64 Bo=0", NULL },
  /* finish-order */
  { "/scoring/finish-order/four", "000 Scoring variations: 5, 3, 1 and 0 points by finishing order",
    "{'variant':'finish-order','players':['Ann','Bo','Cy','Di'],'deals':["
    "{'finish_order':['Di','Ann','Bo','Cy']}]}",
    "Ann=3 Bo=1 Cy=0 Di=5", NULL },
  { "/scoring/finish-order/three", "doc/rules.md §6.16: with three players 5, 3, 0",
    "{'variant':'finish-order','players':['Ann','Bo','Cy'],'deals':["
    "{'finish_order':['Cy','Ann','Bo']}]}",
    "Ann=3 Bo=0 Cy=5", NULL },
  { "/scoring/finish-order/two", "doc/rules.md §6.16: with two players 5, 0",
    "{'variant':'finish-order','players':['Ann','Bo'],'deals':[{'finish_order':['Bo','Ann']}]}",
    "Ann=0 Bo=5", NULL },
  /* president */
  { "/scoring/president/basic",
    "002 The Basic Game: 2 for the President, 1 for the Vice President, nothing for the others",
    "{'variant':'president','players':['Ann','Bo','Cy','Di','Ed'],'deals':["
    "{'finish_order':['Ed','Cy','Ann','Bo','Di']}]}",
    "Ann=0 Bo=0 Cy=1 Di=0 Ed=2", NULL },
  { "/scoring/president-symmetric/five", "002 Scoring: with 5 players 2, 1, 0, -1, -2",
    "{'variant':'president-symmetric','players':['Ann','Bo','Cy','Di','Ed'],'deals':["
    "{'finish_order':['Ed','Cy','Ann','Bo','Di']}]}",
    "Ann=0 Bo=-1 Cy=1 Di=-2 Ed=2", NULL },
  { "/scoring/president-symmetric/seven", "002 Scoring: with 7 players 3, 2, 1, 0, -1, -2, -3",
    "{'variant':'president-symmetric','players':['A','B','C','D','E','F','G'],'deals':["
    "{'finish_order':['G','F','E','D','C','B','A']}]}",
    "A=-3 B=-2 C=-1 D=0 E=1 F=2 G=3", NULL },
  /* doc/rules.md §11.1 flat-amount tiers: the league's scorer, 1 a card, ×2 for 10–12, a
   * flat 39 for 13 or more, whatever the count (three players hold up to 18). */
  { "/scoring/flat-tier/four-players",
    "doc/rules.md §11.1 (§11.4 example 1): 9 pays 9, 12 pays 24, 13 pays 39",
    "{" LEAGUE ",'players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':9,'Cy':12,'Di':13}}]}",
    "Ann=0 Bo=9 Cy=24 Di=39", NULL },
  { "/scoring/flat-tier/three-players-17-18",
    "doc/rules.md §11.1: three players hold up to 18; 17 and 18 both pay a flat 39, 14 too",
    "{" LEAGUE ",'players':['Ann','Bo','Cy'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':17,'Cy':18}},"
    "{'winner':'Bo','cards_left':{'Ann':14,'Cy':11}}]}",
    "Ann=39 Bo=0 Cy=22", "Ann=39 Bo=39 Cy=61" },
  { "/scoring/flat-tier/two-players-21",
    "doc/rules.md §11.1: two players dealt 21 each; 21 left pays 39, 12 pays 24",
    "{" LEAGUE ",'players':['Ann','Bo'],'hand_size':21,'deals':["
    "{'winner':'Ann','cards_left':{'Bo':21}},{'winner':'Ann','cards_left':{'Bo':12}}]}",
    "Ann=0 Bo=24", "Ann=0 Bo=63" },
  { "/scoring/flat-tier/sitting-out",
    "doc/rules.md §11.1 with §9.1: Ed sits out; Bo 13 pays 39, Di 10 pays 20",
    "{" LEAGUE ",'players':['Ann','Bo','Cy','Di','Ed'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':13,'Cy':2,'Di':10},'sitting_out':['Ed']}]}",
    "Ann=0 Bo=39 Cy=2 Di=20 Ed=0", NULL },
  { "/scoring/flat-tier/takes-all",
    "doc/rules.md §11.1 with §9.3: Cy takes all, 39 + 5 + 1",
    "{" LEAGUE ",'players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':13,'Cy':5,'Di':1},'takes_all':'Cy'}]}",
    "Ann=0 Bo=0 Cy=45 Di=0", NULL },
  { "/scoring/flat-tier/winner-takes-all",
    "doc/rules.md §11.1 with §9.3: the winner named pays the losers' total, 39 + 5 + 1",
    "{" LEAGUE ",'players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':13,'Cy':5,'Di':1},'takes_all':'Ann'}]}",
    "Ann=45 Bo=0 Cy=0 Di=0", NULL },
  { "/scoring/flat-tier/dragon-three-players",
    "doc/rules.md §11.1 with §5 dragon: a full hand of 17 pays the flat 39",
    "{" LEAGUE ",'players':['Ann','Bo','Cy'],'options':{'dragon':true},'deals':["
    "{'winner':'Bo','dragon':true}]}",
    "Ann=39 Bo=0 Cy=39", NULL },
  { "/scoring/flat-tier/twos-out-doubles",
    "doc/rules.md §11.1: the other doublings still double the flat amount (39 × 2)",
    "{" LEAGUE ",'players':['Ann','Bo','Cy','Di'],'options':{'twos_out_doubles':true},'deals':["
    "{'winner':'Ann','cards_left':{'Bo':13,'Cy':3,'Di':1},'final_play':{'cards':2,'twos':2}}]}",
    "Ann=0 Bo=78 Cy=6 Di=2", NULL },
  { "/scoring/flat-tier/pair-difference",
    "doc/rules.md §11.1: under pair-difference a flat tier pays that amount per pair",
    "{'variant':{'base':'pair-difference','id':'kam-flat','name':'Kam flat','tiers':'9- =30'},"
    "'players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':10,'Cy':2,'Di':2}}]}",
    "Ann=-34 Bo=46 Cy=-6 Di=-6", NULL },
  /* doc/rules.md §11.2 scheme = rank: the mobile scorer, 100, 200, 300 by place among the
   * losers (fewest cards pays least), everyone doubled when a loser holds 10 or more. */
  { "/scoring/rank/four-players",
    "doc/rules.md §11.2 (§11.4 example 2): Bo 3 is 1st (100), Di 5 2nd (200), Cy 7 3rd (300)",
    "{" MOBILE ",'players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':3,'Cy':7,'Di':5}}]}",
    "Ann=-600 Bo=100 Cy=300 Di=200", NULL },
  { "/scoring/rank/tie-shares-better-place",
    "doc/rules.md §11.2: Bo and Cy with 5 share 1st (100 each), Di with 8 is 3rd (300)",
    "{" MOBILE ",'players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':5,'Cy':5,'Di':8}}]}",
    "Ann=-500 Bo=100 Cy=100 Di=300", NULL },
  { "/scoring/rank/doubled",
    "doc/rules.md §11.2 (§11.4 example 2): Cy holds 11, so every loser's points double",
    "{" MOBILE ",'players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':3,'Cy':11,'Di':5}}]}",
    "Ann=-1200 Bo=200 Cy=600 Di=400", NULL },
  { "/scoring/rank/three-players-17-18",
    "doc/rules.md §11.2: three players, 100 and 200; 17 and 18 held, doubled: Bo 200, Cy 400, Ann −600",
    "{" MOBILE ",'players':['Ann','Bo','Cy'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':17,'Cy':18}},"
    "{'winner':'Bo','cards_left':{'Ann':4,'Cy':6}}]}",
    "Ann=100 Bo=-300 Cy=200", "Ann=-500 Bo=-100 Cy=600" },
  { "/scoring/rank/two-players",
    "doc/rules.md §11.2: two players, the one loser is 1st (100); 12 held doubles it",
    "{" MOBILE ",'players':['Ann','Bo'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':9}},{'winner':'Bo','cards_left':{'Ann':12}}]}",
    "Ann=200 Bo=-200", "Ann=100 Bo=-100" },
  { "/scoring/rank/sitting-out",
    "doc/rules.md §11.2 with §9.1: Di sits out, so the three-player points 100, 200 apply",
    "{" MOBILE ",'players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':3,'Cy':9},'sitting_out':['Di']}]}",
    "Ann=-300 Bo=100 Cy=200 Di=0", NULL },
  { "/scoring/rank/takes-all",
    "doc/rules.md §11.2 with §9.3: Cy takes all, 100 + 300 + 200",
    "{" MOBILE ",'players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':3,'Cy':7,'Di':5},'takes_all':'Cy'}]}",
    "Ann=-600 Bo=0 Cy=600 Di=0", NULL },
  { "/scoring/rank/winner-takes-all",
    "doc/rules.md §11.2 with §9.3: the winner pays each loser what they would have paid",
    "{" MOBILE ",'players':['Ann','Bo','Cy','Di'],'deals':["
    "{'winner':'Ann','cards_left':{'Bo':3,'Cy':7,'Di':5},'takes_all':'Ann'}]}",
    "Ann=600 Bo=-100 Cy=-300 Di=-200", NULL },
};

static void
test_scoring_case (gconstpointer data)
{
  const ScoringCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;

  g_test_message ("Source: %s", c->source);
  game = load (c->document, &error);
  g_assert_no_error (error);
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sheet->n_deals, >, 0);

  if (c->last_deal != NULL)
    {
      gint64 points[DEUCES_MAX_PLAYERS];
      g_autofree char *text = NULL;

      for (guint i = 0; i < game->n_players; i++)
        points[i] = sheet->deals[sheet->n_deals - 1].points[i];
      text = describe (game, points);
      g_assert_cmpstr (text, ==, c->last_deal);
    }
  if (c->totals != NULL)
    {
      g_autofree char *text = describe (game, sheet->totals);

      g_assert_cmpstr (text, ==, c->totals);
    }
}

/* Settlement of a whole document, as `deuces-cli settle` does it. */
typedef struct {
  const char *path;
  const char *source;
  const char *document;
  const char *balances;   /* "Ann=3300 …" in minor units */
  const char *payments;   /* "Bo>Ann:300 …" */
} SettlementCase;

static const SettlementCase settlement_cases[] = {
  { "/settlement/pairwise/001-worked-example",
    "001 Scoring: A=81, B=40, C=107, D=63 gives -33, +131, -137, +39 units",
    "{'variant':'flat','players':['A','B','C','D'],'stake':'1','currency':'HKD','deals':["
    "{'winner':'A','cards_left':{'B':13,'C':13,'D':13}},"
    "{'winner':'B','cards_left':{'A':13,'C':13,'D':13}},"
    "{'winner':'B','cards_left':{'A':13,'C':13,'D':13}},"
    "{'winner':'B','cards_left':{'A':13,'C':13,'D':13}},"
    "{'winner':'B','cards_left':{'A':13,'C':13,'D':10}},"
    "{'winner':'B','cards_left':{'A':13,'C':13,'D':1}},"
    "{'winner':'D','cards_left':{'A':13,'B':13,'C':13}},"
    "{'winner':'D','cards_left':{'A':2,'B':13,'C':13}},"
    "{'winner':'D','cards_left':{'A':1,'B':1,'C':3}}]}",
    "A=-3300 B=13100 C=-13700 D=3900",
    "A>B:4100 A>D:1800 C>A:2600 C>B:6700 C>D:4400 D>B:2300" },
  { "/settlement/pairwise/half-dollar-stake", "000 Scoring: a stake per point, settled pairwise",
    "{'variant':'classic','players':['Ann','Bo','Cy','Di'],'stake':'0.50','currency':'HKD',"
    "'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':11,'Di':8}}]}",
    "Ann=1650 Bo=1050 Cy=-2750 Di=50",
    "Bo>Ann:150 Cy>Ann:1100 Cy>Bo:950 Cy>Di:700 Di>Ann:400 Di>Bo:250" },
  { "/settlement/pairwise/positive-goal", "doc/rules.md §8.2: for positive schemes the signs flip",
    "{'variant':'pusoy-dos','players':['Ann','Bo','Cy'],'stake':'10','currency':'JPY','deals':["
    "{'winner':'Ann','final_play':{'cards':2,'twos':2}},{'winner':'Bo'}]}",
    "Ann=70 Bo=-20 Cy=-50",
    "Bo>Ann:30 Cy>Ann:40 Cy>Bo:10" },
  /* Five friends at four seats, a different one sitting out each deal (classic at 1.00):
   * deal 1 without Ed: Ann out, Bo 3, Cy 5, Di 10 (x2 = 20); deal 2 without Ann: Bo out,
   * Cy 2, Di 1, Ed 12 (24); deal 3 without Bo: Cy out, Ann 9, Di 4, Ed 1. Each deal's
   * balance among its four, Σs − 4·s: deal 1 Ann +28 Bo +16 Cy +8 Di −52; deal 2 Bo +27
   * Cy +19 Di +23 Ed −69; deal 3 Ann −22 Cy +14 Di −2 Ed +10. Summed over the deals each
   * played: Ann +6, Bo +43, Cy +41, Di −31, Ed −59 (the totals 9 3 7 25 25 settled as one
   * four-seat game would give Ann +24 instead). Per pair, e.g. Di pays Ann 20 in deal 1
   * and Ann pays Di 5 in deal 3: Di pays Ann 15. */
  { "/settlement/pairwise/sitting-out-rotates",
    "doc/rules.md §9 players sitting out: each deal settles among the players in it; 000 Scoring",
    "{'variant':'classic','players':['Ann','Bo','Cy','Di','Ed'],'stake':'1','currency':'HKD','deals':["
    "{'winner':'Ann','cards_left':{'Bo':3,'Cy':5,'Di':10},'sitting_out':['Ed']},"
    "{'winner':'Bo','cards_left':{'Cy':2,'Di':1,'Ed':12},'sitting_out':['Ann']},"
    "{'winner':'Cy','cards_left':{'Ann':9,'Di':4,'Ed':1},'sitting_out':['Bo']}]}",
    "Ann=600 Bo=4300 Cy=4100 Di=-3100 Ed=-5900",
    "Ann>Cy:400 Ann>Ed:800 Bo>Ann:300 Cy>Bo:400 Di>Ann:1500 Di>Bo:1800 Di>Cy:1800 "
    "Ed>Bo:2400 Ed>Cy:2300 Ed>Di:2000" },
  /* doc/rules.md §9 takes_all: "a winner who failed to announce 'last card' pays the losers'
   * total" — with the winner collecting, each loser is paid what they would have paid. */
  { "/settlement/winner-collects/winner-takes-all",
    "doc/rules.md §9 takes_all; 000 Scoring variations (winner-only collects)",
    "{'variant':'winner-only','players':['Ann','Bo','Cy','Di'],'stake':'1','currency':'HKD',"
    "'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':11,'Di':8},'takes_all':'Ann'}]}",
    "Ann=-3300 Bo=300 Cy=2200 Di=800",
    "Ann>Bo:300 Ann>Cy:2200 Ann>Di:800" },
  { "/settlement/winner-collects/zero-sum", "004 Scoring: the winner collects what the others lose",
    "{'variant':'zero-sum','players':['North','East','West','South'],'stake':'2','currency':'USD',"
    "'deals':[{'winner':'North','cards_left':{'East':3,'West':11,'South':8}},"
    "{'winner':'East','cards_left':{'North':1,'West':2,'South':3}}]}",
    "North=6400 East=600 West=-4800 South=-2200",
    "East>North:400 West>North:4400 West>East:400 South>North:1600 South>East:600" },
  { "/settlement/per-pair/kam", "000 (Anthony Kam): each pair settles its own difference each deal",
    "{'variant':'pair-difference','players':['Ann','Bo','Cy','Di'],'stake':'1','currency':'SGD',"
    "'deals':[{'winner':'Ann','cards_left':{'Bo':10,'Cy':2,'Di':2}}]}",
    "Ann=2400 Bo=-3600 Cy=600 Di=600",
    "Bo>Ann:2000 Bo>Cy:800 Bo>Di:800 Cy>Ann:200 Di>Ann:200" },
  { "/settlement/loser-pays/taiwan", "000 (Jonathan Dushoff): the loser pays the winner a fixed amount",
    "{'variant':'taiwan-loser','players':['Ann','Bo','Cy'],'stake':'100','currency':'TWD',"
    "'deals':[{'winner':'Ann','loser':'Bo'},{'winner':'Ann','loser':'Cy'},{'winner':'Bo','loser':'Ann'}]}",
    "Ann=10000 Bo=0 Cy=-10000",
    "Cy>Ann:10000" },
  /* doc/rules.md §11.2: under the rank scheme each loser pays the winner (winner-collects,
   * the mobile scorer) or the totals settle pairwise, as for any scheme. */
  { "/settlement/winner-collects/rank",
    "doc/rules.md §11.2 (§11.4 example 2): Bo pays Ann 100, Cy 300, Di 200",
    "{" MOBILE ",'players':['Ann','Bo','Cy','Di'],'stake':'1','currency':'HKD',"
    "'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':7,'Di':5}}]}",
    "Ann=60000 Bo=-10000 Cy=-30000 Di=-20000",
    "Bo>Ann:10000 Cy>Ann:30000 Di>Ann:20000" },
  { "/settlement/pairwise/rank",
    "doc/rules.md §11.2 with §8.2: points 0, 100, 300, 200; Σ 600 − 4s: +600 +200 −600 −200",
    "{'variant':{'id':'ranked','name':'Ranked','goal':'lowest','scheme':'rank','settlement':'pairwise',"
    "'players':'4','rank_points':'100,200,300'},'players':['Ann','Bo','Cy','Di'],'stake':'1',"
    "'currency':'JPY','deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':7,'Di':5}}]}",
    "Ann=600 Bo=200 Cy=-600 Di=-200",
    "Bo>Ann:100 Cy>Ann:300 Cy>Bo:200 Cy>Di:100 Di>Ann:200 Di>Bo:100" },
  { "/settlement/pairwise/flat-tier-three-players",
    "doc/rules.md §11.1: 17 and 18 cards pay a flat 39 each; Σ 78 − 3s: +78 −39 −39",
    "{" LEAGUE ",'players':['Ann','Bo','Cy'],'stake':'1','currency':'JPY',"
    "'deals':[{'winner':'Ann','cards_left':{'Bo':17,'Cy':18}}]}",
    "Ann=78 Bo=-39 Cy=-39",
    "Bo>Ann:39 Cy>Ann:39" },
};

static char *
describe_transfers (const DeucesGame *game,
                    const GArray     *transfers)
{
  GString *text = g_string_new (NULL);

  for (guint k = 0; k < transfers->len; k++)
    {
      const DeucesTransfer *t = &g_array_index (transfers, DeucesTransfer, k);

      g_string_append_printf (text, "%s%s>%s:%" G_GINT64_FORMAT, k ? " " : "",
                              game->players[t->from], game->players[t->to], t->amount);
    }
  return g_string_free (text, FALSE);
}

static void
test_settlement_case (gconstpointer data)
{
  const SettlementCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(DeucesSettlement) settlement = NULL;
  g_autofree char *balances = NULL;
  gint64 sum = 0, moved[DEUCES_MAX_PLAYERS] = { 0 };

  g_test_message ("Source: %s", c->source);
  game = load (c->document, &error);
  g_assert_no_error (error);
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  settlement = deuces_game_settle (game, sheet);

  balances = describe (game, settlement->balances);
  g_assert_cmpstr (balances, ==, c->balances);
  if (c->payments != NULL)
    {
      g_autofree char *payments = describe_transfers (game, settlement->payments);

      g_assert_cmpstr (payments, ==, c->payments);
    }

  /* Balances always sum to exactly zero, and the fewest transfers settle them. */
  for (guint i = 0; i < game->n_players; i++)
    sum += settlement->balances[i];
  g_assert_cmpint (sum, ==, 0);
  for (guint k = 0; k < settlement->transfers->len; k++)
    {
      const DeucesTransfer *t = &g_array_index (settlement->transfers, DeucesTransfer, k);

      moved[t->from] -= t->amount;
      moved[t->to] += t->amount;
    }
  for (guint i = 0; i < game->n_players; i++)
    g_assert_cmpint (moved[i], ==, settlement->balances[i]);
  g_assert_cmpuint (settlement->transfers->len, <=, game->n_players - 1);
}

/* Each invalid-deal rule of doc/rules.md §3, with the message a person reads. */
typedef struct {
  const char *path;
  const char *document;
  const char *message;
} InvalidCase;

#define FOUR "'players':['Ann','Bo','Cy','Di']"

static const InvalidCase invalid_cases[] = {
  { "/validation/winner-has-cards",
    "{'variant':'classic'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Ann':2,'Bo':1,'Cy':1,'Di':1}}]}",
    "deal 1: Ann went out first, so Ann cannot have 2 cards left" },
  { "/validation/loser-has-none",
    "{'variant':'classic'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':0,'Cy':1,'Di':1}}]}",
    "deal 1: Bo holds 0 cards, but only the winner goes out" },
  { "/validation/more-than-hand",
    "{'variant':'classic'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':1,'Di':1}},"
    "{'winner':'Ann','cards_left':{'Bo':3,'Cy':1,'Di':1}},"
    "{'winner':'Ann','cards_left':{'Bo':3,'Cy':14,'Di':1}}]}",
    "deal 3: Cy holds 14 cards, but a hand here has at most 13" },
  { "/validation/three-players-eighteen",
    "{'variant':'classic','players':['Ann','Bo','Cy'],'deals':[{'winner':'Ann','cards_left':{'Bo':19,'Cy':1}}]}",
    "deal 1: Bo holds 19 cards, but a hand here has at most 18" },
  { "/validation/missing-count",
    "{'variant':'classic'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':1}}]}",
    "deal 1: Di’s cards left are missing" },
  { "/validation/twos-exceed-deck",
    "{'variant':'doubling'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':3,'Di':1},"
    "'twos_left':{'Bo':2,'Cy':2},'final_play':{'cards':1,'twos':1}}]}",
    "deal 1: 5 twos are counted in the hands and the final play, but the deck holds only 4" },
  { "/validation/twos-exceed-cards",
    "{'variant':'doubling'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':2,'Cy':3,'Di':1},"
    "'twos_left':{'Bo':3}}]}",
    "deal 1: Bo cannot hold 3 twos among 2 cards" },
  { "/validation/card-twice-in-hand",
    "{'variant':'face-value'," FOUR ",'deals':[{'winner':'Ann','hands':{'Bo':'2S 2S','Cy':'3D','Di':'4D'}}]}",
    "deal 1: Bo’s hand lists 2S more often than the deck holds it" },
  { "/validation/card-in-two-hands",
    "{'variant':'face-value'," FOUR ",'deals':[{'winner':'Ann','hands':{'Bo':'2S','Cy':'3D 2S','Di':'4D'}}]}",
    "deal 1: 2S is listed in both Bo’s and Cy’s hands, but the deck holds only one" },
  { "/validation/hand-disagrees-with-count",
    "{'variant':'face-value'," FOUR ",'deals':[{'winner':'Ann','hands':{'Bo':'2S','Cy':'3D','Di':'4D'},"
    "'cards_left':{'Bo':2}}]}",
    "deal 1: Bo’s hand lists 1 cards, but 2 cards left are recorded" },
  /* doc/rules.md §2 hands: "when given, cards_left and twos_left are derived from it and must
   * agree if also given"; the points counted at the table are derived the same way (000
   * Scoring variations: 2 counts 4 in face-value). */
  { "/validation/hand-disagrees-with-points",
    "{'variant':'face-value'," FOUR ",'deals':[{'winner':'Ann','hands':{'Bo':'2S','Cy':'3D','Di':'4D'},"
    "'points_left':{'Bo':3}}]}",
    "deal 1: Bo’s hand counts 4 points, but 3 points left are recorded" },
  { "/validation/final-play-size",
    "{'variant':'pusoy-dos'," FOUR ",'deals':[{'winner':'Ann','final_play':{'cards':4,'twos':0}}]}",
    "deal 1: the final play has 4 cards; a play is 1, 2, 3 or 5 cards" },
  { "/validation/final-play-twos",
    "{'variant':'pusoy-dos'," FOUR ",'deals':[{'winner':'Ann','final_play':{'cards':2,'twos':3}}]}",
    "deal 1: the final play has 3 twos among 2 cards" },
  { "/validation/unknown-player",
    "{'variant':'classic'," FOUR ",'deals':[{'winner':'Ed','cards_left':{'Bo':3,'Cy':1,'Di':1}}]}",
    "deal 1: “Ed” is not a player in this session" },
  { "/validation/unknown-player-in-counts",
    "{'variant':'classic'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':1,'Ed':1}}]}",
    "deal 1: “Ed” is not a player in this session" },
  { "/validation/finish-order-repeat",
    "{'variant':'finish-order'," FOUR ",'deals':[{'finish_order':['Ann','Bo','Bo','Di']}]}",
    "deal 1: the finishing order names Bo twice; it must list every player once" },
  { "/validation/finish-order-short",
    "{'variant':'finish-order'," FOUR ",'deals':[{'finish_order':['Ann','Bo','Cy']}]}",
    "deal 1: the finishing order names 3 players, but 4 are playing" },
  { "/validation/finish-order-missing",
    "{'variant':'president'," FOUR ",'deals':[{'winner':'Ann'}]}",
    "deal 1: the finishing order is missing; this variant scores by it" },
  { "/validation/no-winner",
    "{'variant':'classic'," FOUR ",'deals':[{'cards_left':{'Bo':3,'Cy':1,'Di':1}}]}",
    "deal 1: it does not say who went out first" },
  { "/validation/dragon-off",
    "{'variant':'classic'," FOUR ",'deals':[{'winner':'Ann','dragon':true}]}",
    "deal 1: a dragon is recorded, but the dragon rule is off for this session" },
  { "/validation/assistance-off",
    "{'variant':'flat'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':1,'Di':1},'assisted_by':'Bo'}]}",
    "deal 1: Bo is recorded as letting the winner out, but this session has no assistance penalty" },
  { "/validation/starter-needed",
    "{'variant':'starter-doubles'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':10,'Cy':1,'Di':1}}]}",
    "deal 1: who started the deal is missing; in this variant only the starter pays double" },
  { "/validation/face-value-needs-cards",
    "{'variant':'face-value'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':1,'Di':1}}]}",
    "deal 1: Bo’s cards or points left are missing; this variant counts card values" },
  { "/validation/taiwan-needs-loser",
    "{'variant':'taiwan-loser'," FOUR ",'deals':[{'winner':'Ann','hands':{'Bo':'3D','Cy':'4D'}}]}",
    "deal 1: name the loser, or enter every loser’s cards (Di’s are missing)" },
  { "/validation/bad-card",
    "{'variant':'face-value'," FOUR ",'deals':[{'winner':'Ann','hands':{'Bo':'2S 1X','Cy':'3D','Di':'4D'}}]}",
    "deal 1: Bo’s hand: “1X” is not a card" },
  /* doc/rules.md §6.12 taiwan-loser, "Computed from hands when given": a named loser the cards
   * entered contradict (000, Jonathan Dushoff: the holder of the highest two or ace
   * loses before the holder of more cards). */
  { "/validation/taiwan-loser-contradicts-hands",
    "{'variant':'taiwan-loser'," FOUR ",'deals':[{'winner':'Ann','loser':'Bo',"
    "'hands':{'Bo':'3D 4D 5C 6C 7H','Cy':'2S','Di':'4S'}}]}",
    "deal 1: Bo is named the loser, but Cy’s cards outrank Bo’s by the Taiwan loser rule" },
  /* 000 Variations (dragon): the holder wins at once, so no play happened; doc/rules.md §6
   * dragon: every other player pays for a full hand. */
  { "/validation/dragon-final-play",
    "{'variant':'classic'," FOUR ",'options':{'dragon':true},'deals':[{'winner':'Ann','dragon':true,"
    "'final_play':{'cards':1,'twos':1}}]}",
    "deal 1: a dragon wins before anyone plays, so there is no final play to record" },
  { "/validation/dragon-assist",
    "{'variant':'classic'," FOUR ",'options':{'dragon':true},'deals':[{'winner':'Ann','dragon':true,"
    "'assisted_by':'Bo'}]}",
    "deal 1: a dragon wins before anyone plays, so Bo cannot have let the winner out" },
  { "/validation/dragon-special",
    "{'variant':'indonesia'," FOUR ",'options':{'dragon':true},'deals':[{'winner':'Ann','dragon':true,"
    "'specials':{'Bo':['quads']}}]}",
    "deal 1: a dragon wins before anyone plays, so Bo cannot have made a special play" },
  /* 000 Scoring: "if you play a single card which allows the next player to go out on a
   * single card"; doc/rules.md §6 assistance: "let the next player win on a single card". */
  { "/validation/assist-on-a-pair",
    "{'variant':'classic'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':11,'Di':8},"
    "'final_play':{'cards':2,'twos':0},'assisted_by':'Cy'}]}",
    "deal 1: Cy is recorded as letting the winner out, but the winner went out on 2 cards; "
    "assistance is only for a last single card" },
  /* 000 (Harold Hutabarat): specials are unbeaten plays of five cards; one deck holds four
   * twos, and one play ends a deal. */
  { "/validation/four-twos-and-a-two-held",
    "{'variant':'indonesia'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':4,'Cy':2,'Di':3},"
    "'twos_left':{'Di':1},'specials':{'Cy':['four-twos']}}]}",
    "deal 1: Cy’s four twos stood unbeaten, but Di still holds a two" },
  { "/validation/four-twos-and-twos-out",
    "{'variant':'indonesia'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':4,'Cy':2,'Di':3},"
    "'final_play':{'cards':1,'twos':1},'specials':{'Cy':['four-twos']}}]}",
    "deal 1: 5 twos are counted in the hands, the final play and the special plays, but the deck holds only 4" },
  { "/validation/two-final-specials",
    "{'variant':'indonesia'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':4,'Cy':2,'Di':3},"
    "'specials':{'Ann':[{'play':'quads','final':true},{'play':'straight-flush','final':true}]}}]}",
    "deal 1: two of Ann’s special plays are marked as the final play, but only one play ends a deal" },
  { "/validation/final-special-not-five",
    "{'variant':'indonesia'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':4,'Cy':2,'Di':3},"
    "'final_play':{'cards':2,'twos':0},'specials':{'Ann':[{'play':'quads','final':true}]}}]}",
    "deal 1: Ann’s special play is marked as the final play, but the final play has 2 cards; a special play has five" },
  { "/validation/final-four-twos-without-twos",
    "{'variant':'indonesia'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':4,'Cy':2,'Di':3},"
    "'final_play':{'cards':5,'twos':1},'specials':{'Ann':[{'play':'four-twos','final':true}]}}]}",
    "deal 1: Ann’s four twos are marked as the final play, but the final play has 1 twos" },
  { "/validation/final-straight-flush-twos",
    "{'variant':'indonesia'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':4,'Cy':2,'Di':3},"
    "'final_play':{'cards':5,'twos':2},'specials':{'Ann':[{'play':'straight-flush','final':true}]}}]}",
    "deal 1: Ann’s straight flush is marked as the final play, but the final play has 2 twos" },
  { "/validation/specials-more-than-played",
    "{'variant':'indonesia'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':9,'Cy':2,'Di':3},"
    "'specials':{'Bo':['quads','straight-flush']}}]}",
    "deal 1: Bo is recorded with 2 special plays of five cards, but played only 4 cards" },
  /* doc/rules.md §9 players sitting out and takes_all; issue 17, Bad input. */
  { "/validation/sitting-out-winner",
    "{'variant':'classic','players':['Ann','Bo','Cy','Di','Ed'],'deals':[{'winner':'Ann',"
    "'cards_left':{'Bo':3,'Cy':1,'Di':1},'sitting_out':['Ann','Ed']}]}",
    "deal 1: Ann went out first, so Ann cannot sit this deal out" },
  { "/validation/sitting-out-all-but-one",
    "{'variant':'classic','players':['Ann','Bo','Cy'],'deals':[{'winner':'Ann','sitting_out':['Bo','Cy']}]}",
    "deal 1: only 1 player is left at the table; a deal needs two or more" },
  { "/validation/sitting-out-stranger",
    "{'variant':'classic'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':1},'sitting_out':['Ed']}]}",
    "deal 1: “Ed” is not a player in this session" },
  { "/validation/sitting-out-but-counted",
    "{'variant':'classic','players':['Ann','Bo','Cy','Di','Ed'],'deals':[{'winner':'Ann',"
    "'cards_left':{'Bo':3,'Cy':1,'Di':1,'Ed':4},'sitting_out':['Ed']}]}",
    "deal 1: Ed sits this deal out, so no fact of the deal may name Ed" },
  { "/validation/sitting-out-count-missing",
    "{'variant':'classic','players':['Ann','Bo','Cy','Di','Ed'],'deals':[{'winner':'Ann',"
    "'cards_left':{'Bo':3,'Cy':1},'sitting_out':['Ed']}]}",
    "deal 1: Di’s cards left are missing" },
  { "/validation/sitting-out-one-deck",
    "{'variant':'doubling','players':['Ann','Bo','Cy','Di','Ed'],'deals':[{'winner':'Ann',"
    "'hands':{'Bo':'2S','Cy':'2S','Di':'3D'},'sitting_out':['Ed']}]}",
    "deal 1: 2S is listed in both Bo’s and Cy’s hands, but the deck holds only one" },
  { "/validation/sitting-out-finish-order",
    "{'variant':'president','players':['Ann','Bo','Cy','Di','Ed'],'deals':["
    "{'finish_order':['Ann','Bo','Cy','Di','Ed'],'sitting_out':['Ed']}]}",
    "deal 1: the finishing order names 5 players, but 4 are playing" },
  { "/validation/takes-all-stranger",
    "{'variant':'classic'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':1,'Di':1},'takes_all':'Ed'}]}",
    "deal 1: “Ed” is not a player in this session" },
  { "/validation/takes-all-dragon",
    "{'variant':'classic'," FOUR ",'options':{'dragon':true},'deals':[{'winner':'Ann','dragon':true,'takes_all':'Ann'}]}",
    "deal 1: a dragon wins before anyone plays, so Ann cannot take all" },
  { "/validation/takes-all-no-penalties",
    "{'variant':'pusoy-dos'," FOUR ",'deals':[{'winner':'Ann','takes_all':'Bo'}]}",
    "deal 1: Bo is recorded as taking all, but this variant has no losers’ penalties to take" },
  { "/validation/takes-all-and-assist",
    "{'variant':'classic'," FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':1,'Di':1},"
    "'assisted_by':'Bo','takes_all':'Cy'}]}",
    "deal 1: Bo is recorded as letting the winner out and Cy as taking all; only one player takes all" },
  /* doc/rules.md §11.2: the rank scheme places every loser by their count, so a count
   * cannot be left out even when play went on to a finishing order. */
  { "/validation/rank-count-missing",
    "{" MOBILE "," FOUR ",'deals':[{'finish_order':['Ann','Bo','Cy','Di'],'cards_left':{'Bo':3,'Cy':5}}]}",
    "deal 1: Di’s cards left are missing" },
  { "/validation/unknown-fact",
    "{'variant':'classic'," FOUR ",'deals':[{'winner':'Ann','cards':{'Bo':3}}]}",
    "deal 1: “cards” is not a fact of a deal" },
};

static void
test_invalid_case (gconstpointer data)
{
  const InvalidCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = load (c->document, &error);

  g_assert_null (game);
  g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL);
  g_assert_true (g_str_has_prefix (error->message, c->message));
}

/* A rejected deal leaves the game as it was. */
static void
test_add_deal_unchanged (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = load ("{'variant':'classic'," FOUR ",'deals':["
                                     "{'winner':'Ann','cards_left':{'Bo':3,'Cy':1,'Di':1}}]}",
                                     &error);
  DeucesDeal deal;

  g_assert_no_error (error);
  deuces_deal_init (&deal);
  deal.winner = 1;
  deal.cards_left[0] = 14;
  deal.cards_left[2] = 2;
  deal.cards_left[3] = 2;
  g_assert_false (deuces_game_add_deal (game, &deal, &error));
  g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL);
  g_assert_cmpstr (error->message, ==, "deal 2: Ann holds 14 cards, but a hand here has at most 13");
  g_assert_cmpuint (game->deals->len, ==, 1);

  g_clear_error (&error);
  deal.cards_left[0] = 13;
  g_assert_true (deuces_game_add_deal (game, &deal, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (game->deals->len, ==, 2);
}

/* Targets and deal limits (doc/rules.md §5). */
static void
test_finished (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(GString) doc = g_string_new ("{'variant':'indonesia'," FOUR ",'deals':[");

  for (guint d = 0; d < 10; d++)
    g_string_append_printf (doc, "%s{'winner':'Ann','cards_left':{'Bo':1,'Cy':1,'Di':1}}",
                            d ? "," : "");
  g_string_append (doc, "]}");

  /* 000 Direction of play: in Indonesia the game is played in rounds of ten deals. */
  game = load (doc->str, &error);
  g_assert_no_error (error);
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  g_assert_true (sheet->finished);
  g_assert_cmpint (sheet->next_leader, ==, -1);  /* a new round starts with 3♦ */
  g_clear_pointer (&sheet, deuces_score_sheet_free);
  g_array_set_size (game->deals, 9);
  sheet = deuces_game_score (game, &error);
  g_assert_false (sheet->finished);
  g_assert_cmpint (sheet->next_leader, ==, 0);
  g_clear_pointer (&sheet, deuces_score_sheet_free);
  g_clear_pointer (&game, deuces_game_free);

  /* 003: play to 49 points. */
  game = load ("{'variant':'gamers-house','players':['Ann','Bo'],'deals':["
               "{'winner':'Ann','cards_left':{'Bo':13},'final_play':{'cards':2,'twos':2}}]}", &error);
  g_assert_no_error (error);
  sheet = deuces_game_score (game, &error);
  g_assert_true (sheet->finished);
  g_assert_cmpint (sheet->totals[0], ==, 52);
  g_assert_cmpint (sheet->leader, ==, 0);
  g_clear_pointer (&sheet, deuces_score_sheet_free);
  g_clear_pointer (&game, deuces_game_free);

  game = load ("{'variant':'gamers-house','players':['Ann','Bo'],'deals':["
               "{'winner':'Bo','cards_left':{'Ann':12}}]}", &error);
  sheet = deuces_game_score (game, &error);
  g_assert_false (sheet->finished);
  g_assert_cmpint (sheet->leader, ==, 1);
}

/* doc/rules.md §9: with someone sitting out, totals over different deals do not compare.
 * Ed plays one deal and wins it (total 0); Ann plays two and wins one (total 1). Each
 * deal's pairwise balance among its players, Σs − n·s: deal 1 (Ann 0, Bo 20, Cy 8, Di 8)
 * Ann +36 Bo −44 Cy +4 Di +4; deal 2 (Ann 1, Bo 0, Cy 9, Di 9) Ann +15 Bo +19 Cy −17
 * Di −17; deal 3 (Bo 1, Cy 1, Di 1, Ed 0) Bo −1 Cy −1 Di −1 Ed +3. Ann +51 is best placed,
 * not Ed +3 with the lowest total. */
static void
test_leader_sitting_out (void)
{
  g_autoptr(GError) error = NULL;
  DeucesGame *game = load ("{'variant':'classic','players':['Ann','Bo','Cy','Di','Ed'],'deals':["
                           "{'winner':'Ann','cards_left':{'Bo':10,'Cy':8,'Di':8},'sitting_out':['Ed']},"
                           "{'winner':'Bo','cards_left':{'Ann':1,'Cy':9,'Di':9},'sitting_out':['Ed']},"
                           "{'winner':'Ed','cards_left':{'Bo':1,'Cy':1,'Di':1},'sitting_out':['Ann']}]}",
                           &error);
  DeucesScoreSheet *sheet;

  g_assert_no_error (error);
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sheet->totals[0], ==, 1);
  g_assert_cmpint (sheet->totals[4], ==, 0);
  g_assert_cmpint (sheet->leader, ==, 0);
  deuces_score_sheet_free (sheet);
  deuces_game_free (game);
}

/* doc/rules.md §9.2 Leader: in a race to a target of the highest total (president, 11)
 * the best total leads even when someone sat out. 002 The Basic Game: 2 for the
 * President, 1 for the Vice-President. Ann is second in three deals (3), Cy wins one and
 * is second in another (3), Ed wins the one deal he plays (2). The settlement pays Ed
 * most (pairwise nets Ann +3, Cy 0, Ed +5), but Ann and Cy are nearest 11. */
static void
test_leader_race_sitting_out (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game =
    load ("{'variant':'president','players':['Ann','Bo','Cy','Di','Ed'],'deals':["
          "{'finish_order':['Bo','Ann','Cy','Di'],'sitting_out':['Ed']},"
          "{'finish_order':['Cy','Ann','Di','Bo'],'sitting_out':['Ed']},"
          "{'finish_order':['Di','Ann','Bo','Cy'],'sitting_out':['Ed']},"
          "{'finish_order':['Ed','Cy','Di','Bo'],'sitting_out':['Ann']}]}", &error);
  g_autoptr(DeucesScoreSheet) sheet = NULL;

  g_assert_no_error (error);
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sheet->totals[0], ==, 3);
  g_assert_cmpint (sheet->totals[2], ==, 3);
  g_assert_cmpint (sheet->totals[4], ==, 2);
  g_assert_cmpint (sheet->leader, ==, 0);
  g_assert_cmpuint (sheet->leaders, ==, (1u << 0) | (1u << 2));
}

/* Next leader (doc/rules.md §5): the winner (001), or the loser of the last deal (000). */
/* Who leads the next deal after the one deal of @document. */
static gint
next_leader (const char *document)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = load (document, &error);
  g_autoptr(DeucesScoreSheet) sheet = NULL;

  g_assert_no_error (error);
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  return sheet->next_leader;
}

static void
test_next_leader (void)
{
  g_assert_cmpint (next_leader ("{'variant':'classic'," FOUR ",'deals':[{'winner':'Cy','cards_left':{'Ann':3,'Bo':9,'Di':1}}]}"),
                   ==, 2);
  g_assert_cmpint (next_leader ("{'variant':'classic'," FOUR ",'options':{'next_leader':'loser'},'deals':["
                                "{'winner':'Cy','cards_left':{'Ann':3,'Bo':9,'Di':1}}]}"), ==, 1);

  /* 000 Variations: tied for most cards, "each form the largest playable combination
   * that they can from their cards. The next dealer and starter will be the player whose
   * combination has the smallest number of cards, or in case of equality the weakest of
   * these combinations". Cy holds the highest card, but four twos and a card are five;
   * Di's largest is a pair. */
  g_assert_cmpint (next_leader ("{'variant':'classic'," FOUR ",'options':{'next_leader':'loser'},'deals':["
                                "{'winner':'Ann','hands':{'Bo':'3D 4C 5H 6S 7D','Cy':'2S 2H 2D 2C 5D',"
                                "'Di':'9D 9C KD QS JH'}}]}"), ==, 3);
  /* Equal sizes: the weakest leads; a straight is below a flush and a full house. */
  g_assert_cmpint (next_leader ("{'variant':'classic'," FOUR ",'options':{'next_leader':'loser'},'deals':["
                                "{'winner':'Ann','hands':{'Bo':'3D 4C 5H 6S 7D','Cy':'3C 5C 8C JC KC',"
                                "'Di':'9D 9C 9H 4D 4H'}}]}"), ==, 1);
  /* A tie with no cards entered cannot be broken: no hint rather than a wrong one. */
  g_assert_cmpint (next_leader ("{'variant':'classic'," FOUR ",'options':{'next_leader':'loser'},'deals':["
                                "{'winner':'Ann','cards_left':{'Bo':5,'Cy':5,'Di':1}}]}"), ==, -1);
  /* 003: the holder of 3♦ starts each hand. */
  g_assert_cmpint (next_leader ("{'variant':'gamers-house'," FOUR ",'deals':[{'winner':'Cy','cards_left':{'Ann':3,'Bo':9,'Di':1}}]}"),
                   ==, -1);
}

/* doc/rules.md §9.2, Next leader: the player shown sits the next deal out; the next
 * player after them in seat order who plays leads, after the last seat the first. */
static void
test_next_leader_sits_out (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = load ("{'variant':'classic','players':['Ann','Bo','Cy','Di','Ed'],'deals':["
                                     "{'winner':'Di','cards_left':{'Ann':3,'Bo':9,'Cy':1},'sitting_out':['Ed']}]}",
                                     &error);
  g_autoptr(DeucesScoreSheet) sheet = NULL;

  g_assert_no_error (error);
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sheet->next_leader, ==, 3);
  /* Ed carried over as sitting out: Di still leads. */
  g_assert_cmpint (deuces_score_sheet_next_leader (sheet, 1u << 4), ==, 3);
  /* Di sits out (Ed back): Ed, the seat after Di's. */
  g_assert_cmpint (deuces_score_sheet_next_leader (sheet, 1u << 3), ==, 4);
  /* Di and Ed both out: round to the first seat, Ann. */
  g_assert_cmpint (deuces_score_sheet_next_leader (sheet, (1u << 3) | (1u << 4)), ==, 0);
  g_assert_cmpint (deuces_score_sheet_next_leader (sheet, (1u << 3) | (1u << 4) | 1u), ==, 1);
  /* No one shown (a round begins with the 3♦): no one, whoever sits out. */
  sheet->next_leader = -1;
  g_assert_cmpint (deuces_score_sheet_next_leader (sheet, 1u << 3), ==, -1);
}

/* Points and money use checked arithmetic: what does not fit is refused, naming the deal
 * (and the stake), never scored with a wrong sign. doc/rules.md §8.1: "Balances always sum to
 * exactly 0." */
static void
test_overflow (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(DeucesSettlement) settlement = NULL;
  g_autoptr(GString) doc = NULL;
  DeucesDeal deal;
  gint64 sum = 0;

  /* Five stacked tiers of x100 give a 13-card hand a factor of 10^10. */
  game = load ("{'variant':{'base':'doubling','id':'huge','name':'Huge','tiers':'1- x100, 2- x100, 3- x100, 4- x100, 5- x100'},"
               FOUR ",'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':1,'Di':1}},"
               "{'winner':'Ann','cards_left':{'Bo':13,'Cy':1,'Di':1}}]}", &error);
  g_assert_null (game);
  g_assert_cmpstr (error->message, ==,
                   "deal 2: its points are too large to count; the variant’s multipliers stack too high");
  g_clear_error (&error);

  /* The largest stake (10^12 minor units) and 390000 points a deal: Bo's balance is
   * (Σs − 4·s(Bo)) × stake = (410000 − 1560000) × 10^12 = −1.15 × 10^18 a deal, so
   * eight deals fit in 64 bits (−9.2 × 10^18) and a ninth does not. */
  doc = g_string_new ("{'variant':{'base':'classic','id':'dear','name':'Dear','card_values':'10000'},"
                      FOUR ",'stake':'10000000000','currency':'HKD','deals':[");
  for (guint d = 0; d < 9; d++)
    g_string_append_printf (doc, "%s{'winner':'Ann','cards_left':{'Bo':13,'Cy':1,'Di':1}}", d ? "," : "");
  g_string_append (doc, "]}");
  game = load (doc->str, &error);
  g_assert_null (game);
  g_assert_cmpstr (error->message, ==,
                   "deal 9: at a stake of 10000000000.00 HKD per point the money grows too large to count");
  g_clear_error (&error);

  /* Eight deals: exact, and summing to zero. */
  g_string_truncate (doc, doc->len - strlen (",{'winner':'Ann','cards_left':{'Bo':13,'Cy':1,'Di':1}}]}"));
  g_string_append (doc, "]}");
  game = load (doc->str, &error);
  g_assert_no_error (error);
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  settlement = deuces_game_settle (game, sheet);
  g_assert_cmpint (settlement->balances[0], ==, G_GINT64_CONSTANT (3280000000000000000));
  g_assert_cmpint (settlement->balances[1], ==, G_GINT64_CONSTANT (-9200000000000000000));
  g_assert_cmpint (settlement->balances[2], ==, G_GINT64_CONSTANT (2960000000000000000));
  g_assert_cmpint (settlement->balances[3], ==, G_GINT64_CONSTANT (2960000000000000000));
  for (guint i = 0; i < game->n_players; i++)
    sum += settlement->balances[i];
  g_assert_cmpint (sum, ==, 0);

  /* The ninth deal is refused when added, and the score of a game that holds it anyway
   * (as a damaged ledger could) names it instead of a wrong amount. */
  deal = g_array_index (game->deals, DeucesDeal, 0);
  g_assert_false (deuces_game_add_deal (game, &deal, &error));
  g_assert_cmpstr (error->message, ==,
                   "deal 9: at a stake of 10000000000.00 HKD per point the money grows too large to count");
  g_clear_error (&error);
  g_assert_cmpuint (game->deals->len, ==, 8);
  g_array_append_val (game->deals, deal);
  g_clear_pointer (&sheet, deuces_score_sheet_free);
  sheet = deuces_game_score (game, &error);
  g_assert_null (sheet);
  g_assert_cmpstr (error->message, ==,
                   "deal 9: at a stake of 10000000000.00 HKD per point the money grows too large to count");
}

/* Two players may be dealt 13, 17 or 21 (000 Two Player Game); five or more play with two
 * decks (003). */
static void
test_hand_sizes (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;

  game = load ("{'variant':'classic','players':['Ann','Bo'],'hand_size':21,'deals':["
               "{'winner':'Ann','cards_left':{'Bo':21}}]}", &error);
  g_assert_no_error (error);
  sheet = deuces_game_score (game, &error);
  g_assert_cmpint (sheet->totals[1], ==, 63);
  g_clear_pointer (&sheet, deuces_score_sheet_free);
  g_clear_pointer (&game, deuces_game_free);

  game = load ("{'variant':'classic','players':['Ann','Bo'],'hand_size':15}", &error);
  g_assert_null (game);
  g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT);
  g_assert_cmpstr (error->message, ==, "two players are dealt 13, 17 or 21 cards each, not 15");
  g_clear_error (&error);

  /* Two decks: eight twos, and a card may appear in two hands. */
  game = load ("{'variant':'doubling','players':['A','B','C','D','E'],'deals':["
               "{'winner':'A','hands':{'B':'2S 2S','C':'2H 2H 2D','D':'2D 2C','E':'3D'}}]}", &error);
  g_assert_no_error (error);
  g_clear_pointer (&game, deuces_game_free);
  game = load ("{'variant':'doubling','players':['A','B','C','D','E'],'deals':["
               "{'winner':'A','hands':{'B':'2S 2S','C':'2S','D':'3D','E':'3D'}}]}", &error);
  g_assert_null (game);
  g_assert_cmpstr (error->message, ==,
                   "deal 1: 2S is listed in both B’s and C’s hands, but the deck holds only one");
}

static void
test_players (void)
{
  static const struct {
    const char *players;
    const char *message;
  } cases[] = {
    { "['Ann']", "a session has 2 to 8 players, not 1" },
    { "['A','B','C','D','E','F','G','H','I']", "a session has 2 to 8 players, not 9" },
    { "['Ann','ann']", "“ann” is seated twice" },
    { "['Ann','']", "a player’s name is empty" },
    { "['Ann',' Bo']", "the name “ Bo” starts or ends with a space" },
    { "['Ann','Bo,Cy']", "the name “Bo,Cy” may not contain commas, equals signs or control characters" },
    /* One line and what it shows: no line separators, NULs or direction overrides. */
    { "['Ann','Bo\\u2028Cy']", "a player’s name may not contain control characters, line breaks or direction overrides" },
    { "['Ann','Bo\\u2029']", "a player’s name may not contain control characters, line breaks or direction overrides" },
    { "['Ann','Bo\\u202eyC']", "a player’s name may not contain control characters, line breaks or direction overrides" },
    { "['Ann','Bo\\nCy,']", "a player’s name may not contain control characters, line breaks or direction overrides" },
    /* Compared in NFC: é precomposed and e with a combining accent are one name. */
    { "['Jos\\u00e9','Jose\\u0301']", "“Jose\u0301” is seated twice" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *doc = g_strdup_printf ("{'variant':'classic','players':%s}", cases[k].players);
      g_autoptr(DeucesGame) game = load (doc, &error);

      g_assert_null (game);
      g_assert_cmpstr (error->message, ==, cases[k].message);
    }

  /* doc/rules.md §6.18: president-symmetric is only for 5 or 7 players. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(DeucesGame) game = load ("{'variant':'president-symmetric'," FOUR "}", &error);

    g_assert_null (game);
    g_assert_cmpstr (error->message, ==,
                     "the variant “president-symmetric” cannot be played by 4 players");
  }

  /* A deal may name a player in the other normal form. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(DeucesGame) game =
      load ("{'variant':'classic','players':['Jos\\u00e9','Bo'],'deals':[{'winner':'Jose\\u0301','cards_left':{'Bo':3}}]}",
            &error);

    g_assert_no_error (error);
    g_assert_cmpint (g_array_index (game->deals, DeucesDeal, 0).winner, ==, 0);
  }

  /* A name is just a name. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(DeucesGame) game =
      load ("{'variant':'classic','players':['Robert\\u0027); DROP TABLE sessions;--','李小龍']}", &error);

    g_assert_no_error (error);
    g_assert_cmpstr (game->players[0], ==, "Robert'); DROP TABLE sessions;--");
  }
}

/* 002 The Basic Game: "When the deal is complete, the Asshole must give his highest card
 * to the President, and the President gives back in exchange any card which he does not
 * want"; 002 Scoring: with five players scoring 2, 1, 0, -1, -2, "the scores for a hand
 * also indicate how many cards each loser has to exchange with each winner". */
static void
test_card_exchange (void)
{
  static const struct {
    const char *document;
    guint       n;
    const char *expected;   /* "giver>receiver:cards" per exchange, with titles */
  } cases[] = {
    { "{\"variant\": \"president\", \"players\": [\"Ann\", \"Bo\", \"Cy\", \"Di\"],"
      " \"deals\": [{\"finish_order\": [\"Di\", \"Ann\", \"Bo\", \"Cy\"]}]}",
      1, "Cy (Scum)>Di (President):1" },
    { "{\"variant\": \"president-symmetric\", \"players\": [\"Ann\", \"Bo\", \"Cy\", \"Di\", \"Ed\"],"
      " \"deals\": [{\"finish_order\": [\"Ed\", \"Di\", \"Cy\", \"Bo\", \"Ann\"]}]}",
      2, "Ann (Scum)>Ed (President):2 Bo (Citizen)>Di (Vice-President):1" },
    { "{\"variant\": \"president-symmetric\", \"players\": [\"A\", \"B\", \"C\", \"D\", \"E\", \"F\", \"G\"],"
      " \"deals\": [{\"finish_order\": [\"A\", \"B\", \"C\", \"D\", \"E\", \"F\", \"G\"]}]}",
      3, "G (Scum)>A (President):3 F (Citizen)>B (Vice-President):2 E (Citizen)>C (Citizen):1" },
    /* Before any deal, and under a placement scheme without an exchange: none. */
    { "{\"variant\": \"president\", \"players\": [\"Ann\", \"Bo\", \"Cy\", \"Di\"], \"deals\": []}",
      0, "" },
    { "{\"variant\": \"finish-order\", \"players\": [\"Ann\", \"Bo\", \"Cy\", \"Di\"],"
      " \"deals\": [{\"finish_order\": [\"Di\", \"Ann\", \"Bo\", \"Cy\"]}]}",
      0, "" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DeucesGame) game = deuces_document_parse_data (cases[c].document, -1, &error);
      g_autoptr(GString) text = g_string_new (NULL);
      DeucesCardExchange exchanges[DEUCES_MAX_PLAYERS / 2];
      guint n;

      g_assert_no_error (error);
      n = deuces_game_card_exchanges (game, exchanges);
      g_assert_cmpuint (n, ==, cases[c].n);
      for (guint k = 0; k < n; k++)
        g_string_append_printf (text, "%s%s (%s)>%s (%s):%u", k ? " " : "",
                                game->players[exchanges[k].giver], exchanges[k].giver_title,
                                game->players[exchanges[k].receiver], exchanges[k].receiver_title,
                                exchanges[k].cards);
      g_assert_cmpstr (text->str, ==, cases[c].expected);
    }

  /* Only placement schemes exchange cards. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(DeucesVariant) variant =
      deuces_variant_parse ("base = classic\nid = swap\nname = Swap\nexchange = scum-president\n",
                            -1, "swap.variant", &error);

    g_assert_null (variant);
    g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT);
    g_assert_nonnull (strstr (error->message, "a card exchange needs the placement scheme"));
  }
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  for (guint k = 0; k < G_N_ELEMENTS (scoring_cases); k++)
    g_test_add_data_func (scoring_cases[k].path, &scoring_cases[k], test_scoring_case);
  for (guint k = 0; k < G_N_ELEMENTS (settlement_cases); k++)
    g_test_add_data_func (settlement_cases[k].path, &settlement_cases[k], test_settlement_case);
  for (guint k = 0; k < G_N_ELEMENTS (invalid_cases); k++)
    g_test_add_data_func (invalid_cases[k].path, &invalid_cases[k], test_invalid_case);
  g_test_add_func ("/validation/add-deal-unchanged", test_add_deal_unchanged);
  g_test_add_func ("/scoring/options/finished", test_finished);
  g_test_add_func ("/scoring/options/next-leader", test_next_leader);
  g_test_add_func ("/scoring/options/next-leader-sits-out", test_next_leader_sits_out);
  g_test_add_func ("/scoring/leader/sitting-out", test_leader_sitting_out);
  g_test_add_func ("/scoring/leader/race-sitting-out", test_leader_race_sitting_out);
  g_test_add_func ("/scoring/president/card-exchange", test_card_exchange);
  g_test_add_func ("/scoring/hand-sizes", test_hand_sizes);
  g_test_add_func ("/scoring/overflow", test_overflow);
  g_test_add_func ("/validation/players", test_players);

  return g_test_run ();
}

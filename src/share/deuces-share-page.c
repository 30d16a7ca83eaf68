/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-share-page.c: the Share Table page, rendered on the server in the phone's
 * language from the app's own translations. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>
#include <string.h>

#include "deuces-share-private.h"
#include "deuces-share-resources.h"
#include "deuces-variant.h"

#define PAGE_RESOURCE "/io/github/deuces/Deuces/share/deuces-share-page.html"
#define SCORER_RESOURCE "/io/github/deuces/Deuces/share/deuces-share-scorer.html"

/* The languages of po/LINGUAS (meson passes them), each with its catalog once read. */

typedef struct {
  GMappedFile *file;
  GHashTable  *strings;   /* msgid → msgstr, both inside @file */
} Catalog;

G_LOCK_DEFINE_STATIC (catalogs);
static GHashTable *catalogs;   /* language → Catalog, or a missing entry not yet tried */

static void
catalog_free (Catalog *catalog)
{
  if (catalog == NULL)
    return;
  g_clear_pointer (&catalog->strings, g_hash_table_unref);
  g_clear_pointer (&catalog->file, g_mapped_file_unref);
  g_free (catalog);
}

static guint32
read_u32 (const guchar *data,
          gboolean      big_endian)
{
  return big_endian ? ((guint32) data[0] << 24 | (guint32) data[1] << 16 | (guint32) data[2] << 8 | data[3])
                    : ((guint32) data[3] << 24 | (guint32) data[2] << 16 | (guint32) data[1] << 8 | data[0]);
}

/* A GNU .mo file (as msgfmt writes it): a header, then two tables of (length, offset)
 * for the original and the translated strings, each string ending in a NUL. Plural
 * entries keep their first form: every language of the app has one plural form. */
static Catalog *
catalog_load (const char *language)
{
  const char *dir = bindtextdomain (GETTEXT_PACKAGE, NULL);
  g_autofree char *path = g_build_filename (dir != NULL ? dir : LOCALEDIR, language,
                                            "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  g_autoptr(GMappedFile) file = g_mapped_file_new (path, FALSE, NULL);
  g_autoptr(GHashTable) strings = NULL;
  const guchar *data;
  gsize size;
  gboolean big_endian;
  guint32 n, originals, translations;
  Catalog *catalog;

  if (file == NULL)
    return NULL;
  data = (const guchar *) g_mapped_file_get_contents (file);
  size = g_mapped_file_get_length (file);
  if (size < 20)
    return NULL;
  if (read_u32 (data, FALSE) == 0x950412de)
    big_endian = FALSE;
  else if (read_u32 (data, TRUE) == 0x950412de)
    big_endian = TRUE;
  else
    return NULL;
  n = read_u32 (data + 8, big_endian);
  originals = read_u32 (data + 12, big_endian);
  translations = read_u32 (data + 16, big_endian);
  if (originals > size || translations > size || n > (size - MAX (originals, translations)) / 8)
    return NULL;

  strings = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint32 i = 0; i < n; i++)
    {
      guint32 olen = read_u32 (data + originals + 8 * i, big_endian);
      guint32 ooff = read_u32 (data + originals + 8 * i + 4, big_endian);
      guint32 tlen = read_u32 (data + translations + 8 * i, big_endian);
      guint32 toff = read_u32 (data + translations + 8 * i + 4, big_endian);

      if (ooff >= size || olen >= size - ooff || toff >= size || tlen >= size - toff ||
          data[ooff + olen] != '\0' || data[toff + tlen] != '\0')
        return NULL;
      if (olen > 0 && tlen > 0)
        g_hash_table_insert (strings, (gpointer) (data + ooff), (gpointer) (data + toff));
    }

  catalog = g_new0 (Catalog, 1);
  catalog->file = g_steal_pointer (&file);
  catalog->strings = g_steal_pointer (&strings);
  return catalog;
}

static const char *const *
linguas (void)
{
  static char **list;

  if (g_once_init_enter (&list))
    g_once_init_leave (&list, g_strsplit (DEUCES_LINGUAS, " ", -1));
  return (const char *const *) list;
}

const char *
_deuces_share_gettext (const char *language,
                       const char *msgid)
{
  Catalog *catalog;
  const char *text = NULL;

  if (language == NULL)
    return msgid;

  G_LOCK (catalogs);
  if (catalogs == NULL)
    catalogs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) catalog_free);
  if (!g_hash_table_lookup_extended (catalogs, language, NULL, (gpointer *) &catalog))
    {
      catalog = catalog_load (language);
      g_hash_table_insert (catalogs, g_strdup (language), catalog);
    }
  if (catalog != NULL)
    text = g_hash_table_lookup (catalog->strings, msgid);
  G_UNLOCK (catalogs);

  return text != NULL ? text : msgid;
}

/* The translation of a message with a context (as C_ and g_dpgettext2 look it up). */
static const char *
pgettext (const char  *language,
          const char  *context,
          const char  *msgid)
{
  g_autofree char *key = g_strconcat (context, "\004", msgid, NULL);
  const char *text = _deuces_share_gettext (language, key);

  return text == key ? msgid : text;
}

static const char *
find_lingua (const char *name)
{
  for (const char *const *l = linguas (); *l != NULL; l++)
    if (**l != '\0' && g_ascii_strcasecmp (*l, name) == 0)
      return *l;
  return NULL;
}

/* A BCP 47 tag ("zh-Hant-HK", "id-ID", "en") to one of the app's languages: the same
 * language and region, else the language alone; Chinese by script and region. */
static const char *
match_tag (const char *tag,
           gboolean   *english)
{
  g_auto(GStrv) parts = g_strsplit_set (tag, "-_", -1);
  const char *language = parts[0];
  const char *script = NULL, *region = NULL;

  *english = g_ascii_strcasecmp (language, "en") == 0;
  if (*english)
    return NULL;
  for (guint i = 1; parts[i] != NULL; i++)
    {
      if (strlen (parts[i]) == 4)
        script = parts[i];
      else if (strlen (parts[i]) == 2 || strlen (parts[i]) == 3)
        region = parts[i];
    }

  if (g_ascii_strcasecmp (language, "zh") == 0)
    {
      gboolean hk = region != NULL && (g_ascii_strcasecmp (region, "HK") == 0 ||
                                       g_ascii_strcasecmp (region, "MO") == 0);

      if (script != NULL && g_ascii_strcasecmp (script, "Hant") == 0)
        return find_lingua (hk ? "zh_HK" : "zh_TW");
      if (script != NULL && g_ascii_strcasecmp (script, "Hans") == 0)
        return find_lingua ("zh_CN");
      if (hk)
        return find_lingua ("zh_HK");
      if (region != NULL && g_ascii_strcasecmp (region, "TW") == 0)
        return find_lingua ("zh_TW");
      return find_lingua ("zh_CN");
    }

  if (region != NULL)
    {
      g_autofree char *full = g_strdup_printf ("%s_%s", language, region);
      const char *found = find_lingua (full);

      if (found != NULL)
        return found;
    }
  return find_lingua (language);
}

const char *
_deuces_share_choose_language (const char *accept_language)
{
  GSList *tags;
  const char *chosen = NULL;

  if (accept_language == NULL)
    return NULL;
  tags = soup_header_parse_quality_list (accept_language, NULL);
  for (GSList *l = tags; l != NULL; l = l->next)
    {
      gboolean english = FALSE;

      /* Tags are short; anything else is not a language. */
      if (strlen (l->data) > 35)
        continue;
      chosen = match_tag (l->data, &english);
      if (chosen != NULL || english)
        break;
    }
  soup_header_free_list (tags);
  return chosen;
}

/* The session, read once per change. */

void
_deuces_share_snapshot_free (DeucesShareSnapshot *snapshot)
{
  if (snapshot == NULL)
    return;
  g_clear_pointer (&snapshot->scored, deuces_session_snapshot_unref);
  g_free (snapshot->document);
  g_free (snapshot);
}

DeucesShareSnapshot *
_deuces_share_snapshot_load (DeucesStore *store,
                             gint64       session,
                             GError     **error)
{
  g_autoptr(DeucesShareSnapshot) snapshot = g_new0 (DeucesShareSnapshot, 1);
  g_autoptr(JsonNode) root = NULL;

  snapshot->scored = deuces_store_load_scored_session (store, session, error);
  if (snapshot->scored == NULL)
    return NULL;
  /* The same document as `deuces-cli session show --json`. */
  root = deuces_store_build_settlement_document (store, session, snapshot->scored->game,
                                                 snapshot->scored->sheet, snapshot->scored->settlement);
  snapshot->document = deuces_json_to_string (root, FALSE);
  return g_steal_pointer (&snapshot);
}

/* The page. */

#define T(text) _deuces_share_gettext (language, (text))

typedef struct {
  GBytes *template;
  char   *policy;
} Page;

static char *
hash_between (const char *text,
              const char *open,
              const char *close)
{
  const char *start = strstr (text, open);
  const char *end;
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize length = sizeof digest;

  g_assert (start != NULL);
  start += strlen (open);
  end = strstr (start, close);
  g_assert (end != NULL);
  g_checksum_update (checksum, (const guchar *) start, end - start);
  g_checksum_get_digest (checksum, digest, &length);
  return g_base64_encode (digest, length);
}

/* The template at @resource, with the policy that allows its own style and script. */
static Page *
load_page (const char *resource)
{
  Page *p = g_new0 (Page, 1);
  g_autofree char *style = NULL;
  g_autofree char *script = NULL;
  const char *text;

  deuces_share_register_resource ();
  p->template = g_resources_lookup_data (resource, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_assert (p->template != NULL);
  text = g_bytes_get_data (p->template, NULL);
  style = hash_between (text, "<style>", "</style>");
  script = hash_between (text, "<script>", "</script>");
  p->policy = g_strdup_printf ("default-src 'none'; style-src 'sha256-%s'; script-src 'sha256-%s'; "
                               "connect-src 'self'; img-src 'none'; base-uri 'none'; "
                               "form-action 'none'; frame-ancestors 'none'",
                               style, script);
  return p;
}

static const Page *
page (void)
{
  static Page *the_page;

  if (g_once_init_enter (&the_page))
    g_once_init_leave (&the_page, load_page (PAGE_RESOURCE));
  return the_page;
}

static const Page *
scorer_page (void)
{
  static Page *the_page;

  if (g_once_init_enter (&the_page))
    g_once_init_leave (&the_page, load_page (SCORER_RESOURCE));
  return the_page;
}

const char *
_deuces_share_scorer_page_policy (void)
{
  return scorer_page ()->policy;
}

const char *
_deuces_share_page_policy (void)
{
  return page ()->policy;
}

static void
append_escaped (GString    *out,
                const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append (out, escaped);
}

const char *
_deuces_share_variant_name (const DeucesGame *game,
                            const char       *language)
{
  const DeucesVariant *preset = game->variant_id ? deuces_preset_lookup (game->variant_id) : NULL;

  /* A preset's own name is translated ("house rules" context); a house copy's is not. */
  if (preset != NULL && g_strcmp0 (preset->name, game->variant->name) == 0)
    return pgettext (language, "house rules", game->variant->name);
  return game->variant->name;
}

static int
compare_standing (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  const DeucesShareSnapshot *s = user_data;
  guint i = *(const guint *) a, j = *(const guint *) b;
  gint64 ti = s->scored->sheet->totals[i], tj = s->scored->sheet->totals[j];

  if (ti != tj)
    return (ti < tj) == (s->scored->game->variant->goal == DEUCES_GOAL_LOWEST) ? -1 : 1;
  return i < j ? -1 : 1;
}

static void
render_standings (GString                   *out,
                  const DeucesShareSnapshot *s,
                  const char                *language)
{
  guint order[DEUCES_MAX_PLAYERS];
  guint rank = 0;

  for (guint i = 0; i < s->scored->game->n_players; i++)
    order[i] = i;
  g_qsort_with_data (order, s->scored->game->n_players, sizeof order[0], compare_standing, (gpointer) s);

  g_string_append_printf (out, "<h2>%s</h2>\n<div class=\"card\"><ol class=\"standings\">\n",
                          T (N_("Standings")));
  for (guint k = 0; k < s->scored->game->n_players; k++)
    {
      guint i = order[k];
      gint64 balance = s->scored->settlement->balances[i];
      const char *money = s->scored->balance_text[i];
      gboolean lead = s->scored->sheet->n_deals > 0 && (gint) i == s->scored->sheet->leader;

      if (k == 0 || s->scored->sheet->totals[i] != s->scored->sheet->totals[order[k - 1]])
        rank = k + 1;
      g_string_append_printf (out, "<li%s><span class=\"rank\"><span>%u</span></span><span class=\"name\">",
                              lead ? " class=\"lead\"" : "", rank);
      append_escaped (out, s->scored->game->players[i]);
      g_string_append_printf (out, "</span><span class=\"points\">%" G_GINT64_FORMAT "</span>"
                              "<span class=\"money%s\">%s</span></li>\n",
                              s->scored->sheet->totals[i],
                              balance > 0 ? " plus" : balance < 0 ? " minus" : "", money);
    }
  g_string_append (out, "</ol></div>\n");
}

static void
render_settlement (GString                   *out,
                   const DeucesShareSnapshot *s,
                   const char                *language)
{
  GArray *transfers = s->scored->settlement->transfers;

  g_string_append_printf (out, "<h2>%s</h2>\n<div class=\"card\">", T (N_("Who Pays Whom")));
  if (transfers->len == 0)
    {
      g_string_append_printf (out, "<p class=\"empty\">%s</p>",
                              s->scored->sheet->n_deals == 0 ? T (N_("Nothing to settle yet"))
                                                     : T (N_("Everyone is square")));
    }
  else
    {
      g_string_append (out, "<ul class=\"pays\">\n");
      for (guint k = 0; k < transfers->len; k++)
        {
          const DeucesTransfer *t = &g_array_index (transfers, DeucesTransfer, k);
          g_autofree char *from = g_markup_escape_text (s->scored->game->players[t->from], -1);
          g_autofree char *to = g_markup_escape_text (s->scored->game->players[t->to], -1);
          g_autofree char *money = deuces_session_snapshot_format_money (s->scored, t->amount, FALSE);
          g_autofree char *who = NULL;

          /* The translation is trusted as the app's own; the names are escaped. */
          who = g_strdup_printf (T (N_("%s pays %s")), from, to);
          g_string_append_printf (out, "<li><span class=\"who\">%s</span><span class=\"money\">%s</span></li>\n",
                                  who, money);
        }
      g_string_append (out, "</ul>");
    }
  g_string_append (out, "</div>\n");
}

/* The deal's buttons on the scorer's page: correct it, delete it. */
static void
append_deal_actions (GString    *out,
                     guint       d,
                     const char *language)
{
  g_autofree char *fix = g_strdup_printf (T (N_("Correct deal %u")), d);
  g_autofree char *remove = g_strdup_printf (T (N_("Delete deal %u")), d);
  g_autofree char *confirm = g_strdup_printf (T (N_("Delete deal %u? Undo brings it back.")), d);

  g_string_append_printf (out, "<td class=\"fix\"><button type=\"button\" class=\"js-only\" data-deal=\"%u\" "
                               "data-action=\"fix\" aria-label=\"%s\" title=\"%s\">✎</button> "
                               "<button type=\"button\" class=\"js-only\" data-deal=\"%u\" "
                               "data-action=\"delete\" data-confirm=\"%s\" aria-label=\"%s\" "
                               "title=\"%s\">✕</button></td>",
                          d, fix, fix, d, confirm, remove, remove);
}

void
_deuces_share_render_sheet (GString                   *out,
                            const DeucesShareSnapshot *s,
                            const char                *language,
                            gboolean                   actions)
{
  const DeucesGame *game = s->scored->game;

  g_string_append_printf (out, "<h2>%s</h2>\n<div class=\"card scroll\">", T (N_("Score Sheet")));
  if (s->scored->sheet->n_deals == 0)
    {
      g_string_append_printf (out, "<p class=\"empty\">%s</p></div>\n", T (N_("No Deals Yet")));
      return;
    }
  /* The scorer's buttons beside the deal's number: in reach on a narrow screen. */
  g_string_append_printf (out, "<table>\n<thead><tr><th>%s</th>%s", T (N_("Deal")), actions ? "<th></th>" : "");
  for (guint i = 0; i < game->n_players; i++)
    {
      g_string_append (out, "<th>");
      append_escaped (out, game->players[i]);
      g_string_append (out, "</th>");
    }
  g_string_append_printf (out, "</tr></thead>\n<tbody>\n<tr class=\"totals\"><td>%s</td>%s", T (N_("Totals")),
                          actions ? "<td></td>" : "");
  for (guint i = 0; i < game->n_players; i++)
    g_string_append_printf (out, "<td>%" G_GINT64_FORMAT "</td>", s->scored->sheet->totals[i]);
  g_string_append (out, "</tr>\n");
  /* Newest first: the deal just saved is what the table looks for. */
  for (guint d = s->scored->sheet->n_deals; d > 0; d--)
    {
      g_string_append_printf (out, "<tr><td>%u</td>", d);
      if (actions)
        append_deal_actions (out, d, language);
      const DeucesDeal *deal = &g_array_index (game->deals, DeucesDeal, d - 1);

      for (guint i = 0; i < game->n_players; i++)
        if (deuces_deal_sits_out (deal, i))
          /* Not a 0, which a winner also scores: a dash, said in words to a screen reader. */
          g_string_append_printf (out, "<td class=\"out\" title=\"%s\" aria-label=\"%s\">–</td>",
                                  T (N_("Sat out this deal")), T (N_("Sat out this deal")));
        else
          g_string_append_printf (out, "<td>%d</td>", s->scored->sheet->deals[d - 1].points[i]);
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</tbody></table></div>\n");
}

static char *
render_content (const DeucesShareSnapshot *s,
                const char                *language)
{
  GString *out = g_string_new (NULL);
  g_autofree char *changes = deuces_game_format_stake_changes (s->scored->game);
  g_autofree char *per_point = changes != NULL
                               ? g_strdup_printf (T (N_("%s a point; %s")), s->scored->stake_text, changes)
                               : g_strdup_printf (T (N_("%s a point")), s->scored->stake_text);

  g_string_append (out, "<h1>");
  append_escaped (out, s->scored->info->title);
  g_string_append (out, "</h1>\n<p class=\"sub\">");
  append_escaped (out, _deuces_share_variant_name (s->scored->game, language));
  g_string_append (out, " · ");
  append_escaped (out, per_point);
  if (!deuces_session_snapshot_get_ended (s->scored) && !s->scored->sheet->finished &&
      s->scored->sheet->next_leader >= 0)
    {
      g_autofree char *next = g_strdup_printf (T (N_("%s plays first in the next deal")),
                                               s->scored->game->players[s->scored->sheet->next_leader]);

      g_string_append (out, " · ");
      append_escaped (out, next);
    }
  g_string_append (out, "</p>\n");
  if (deuces_session_snapshot_get_ended (s->scored))
    g_string_append_printf (out, "<p class=\"ended\">%s</p>\n",
                            T (N_("This session has ended: the settlement is final.")));

  render_standings (out, s, language);
  render_settlement (out, s, language);
  _deuces_share_render_sheet (out, s, language, FALSE);
  return g_string_free (out, FALSE);
}

/* @template with each "@NAME@" (capitals) of @fields replaced by its value; any other
 * "@" is the page's own. */
static char *
fill_template (GBytes                   *template,
               const DeucesShareField   *fields,
               gsize                     n_fields)
{
  gsize length;
  const char *text = g_bytes_get_data (template, &length);
  const char *end = text + length;
  GString *out = g_string_sized_new (length + 4096);

  while (text < end)
    {
      const char *at = memchr (text, '@', end - text);
      const char *name_end;
      gboolean replaced = FALSE;

      if (at == NULL)
        {
          g_string_append_len (out, text, end - text);
          break;
        }
      g_string_append_len (out, text, at - text);
      for (name_end = at + 1; name_end < end && g_ascii_isupper (*name_end); name_end++)
        ;
      if (name_end < end && *name_end == '@' && name_end > at + 1)
        for (gsize k = 0; k < n_fields; k++)
          if (strlen (fields[k].name) == (gsize) (name_end - at - 1) &&
              strncmp (fields[k].name, at + 1, name_end - at - 1) == 0)
            {
              g_string_append (out, fields[k].value);
              replaced = TRUE;
              break;
            }
      if (replaced)
        text = name_end + 1;
      else
        {
          g_string_append_c (out, '@');
          text = at + 1;
        }
    }
  return g_string_free (out, FALSE);
}

char *
_deuces_share_fill_scorer_page (const DeucesShareField *fields,
                                gsize                   n_fields)
{
  return fill_template (scorer_page ()->template, fields, n_fields);
}

char *
_deuces_share_render_page (const DeucesShareSnapshot *snapshot,
                           const char                *language)
{
  const Page *p = page ();
  g_autofree char *content = render_content (snapshot, language);
  g_autofree char *title = g_markup_escape_text (snapshot->scored->info->title, -1);
  const DeucesShareField fields[] = {
    { "LANG", language != NULL ? language : "en" },
    { "TITLE", title },
    { "CONTENT", content },
    { "RELOAD", T (N_("Reload the page to see the latest deals.")) },
    { "LIVE", T (N_("Live: the score updates by itself after each deal.")) },
    { "OFFLINE", T (N_("The connection was lost; trying again…")) },
    { "FOOTER", T (N_("A read-only view of the score, shared from Deuces.")) },
  };

  return fill_template (p->template, fields, G_N_ELEMENTS (fields));
}

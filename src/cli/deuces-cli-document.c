/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli-document.c: the commands on session documents without the ledger —
 * variants, score, settle. */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "deuces-cli-private.h"
#include "deuces-variant-library.h"

/* `deuces-cli variants [--json]`: the presets, then the saved variants beside the ledger. */
int
_deuces_cli_command_variants (CliContext *cli,
                              int         argc,
                              char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GPtrArray) variants = NULL;
  g_autoptr(GPtrArray) refused = NULL;
  gboolean json = FALSE;
  int status = EXIT_OK;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--json"))
        json = TRUE;
      else
        return _deuces_cli_fail (EXIT_INVALID, _("variants: unknown argument “%s”"), argv[i]);
    }

  store = _deuces_cli_open_store_read (cli, &status);
  if (store == NULL)
    return status;
  variants = deuces_variant_library_list (store);
  g_ptr_array_unref (deuces_variant_library_list_saved (store, &refused));
  /* A file that would shadow a preset is named, one line each, and not listed. */
  for (guint k = 0; k < refused->len; k++)
    g_printerr ("deuces-cli: %s\n", (const char *) refused->pdata[k]);

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_array (builder);
      for (guint k = 0; k < variants->len; k++)
        {
          const DeucesVariant *v = g_ptr_array_index (variants, k);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "id");
          json_builder_add_string_value (builder, v->id);
          json_builder_set_member_name (builder, "name");
          json_builder_add_string_value (builder, v->name);
          json_builder_set_member_name (builder, "goal");
          json_builder_add_string_value (builder, deuces_goal_to_string (v->goal));
          json_builder_set_member_name (builder, "settlement");
          json_builder_add_string_value (builder, deuces_settlement_to_string (v->settlement));
          json_builder_set_member_name (builder, "saved");
          json_builder_add_boolean_value (builder, !deuces_variant_library_is_preset (v->id));
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      root = json_builder_get_root (builder);
      return _deuces_cli_print_json (root);
    }

  for (guint k = 0; k < variants->len; k++)
    {
      const DeucesVariant *v = g_ptr_array_index (variants, k);

      printf ("%s\t%s\n", v->id, v->name);
    }
  return _deuces_cli_finish_output ();
}

/* Whether the document names its variant by an id that is not a preset's (a saved
 * variant's, or a mistake the ledger's folder may resolve). */
static gboolean
names_saved_variant (JsonNode *root)
{
  JsonNode *node;

  return JSON_NODE_HOLDS_OBJECT (root) &&
         (node = json_object_get_member (json_node_get_object (root), "variant")) != NULL &&
         JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING &&
         !deuces_variant_library_is_preset (json_node_get_string (node));
}

/* Reads the one optional FILE argument of score and settle into a game. */
static int
load_game (CliContext  *cli,
           const char  *command,
           int          argc,
           char       **argv,
           DeucesGame **game)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(DeucesStore) store = NULL;
  const char *path = NULL;
  gsize length = 0;

  for (int i = 1; i < argc; i++)
    {
      if (argv[i][0] == '-' && argv[i][1] != '\0')
        return _deuces_cli_fail (EXIT_INVALID, _("%s: unknown option “%s”"), command, argv[i]);
      if (path != NULL)
        return _deuces_cli_fail (EXIT_INVALID, _("%s: give one document (a file, or - for the standard input)"),
                                 command);
      path = argv[i];
    }

  if (!_deuces_cli_read_input (path, &contents, &length, &error))
    return _deuces_cli_fail_with (error);

  root = deuces_json_parse (contents, (gssize) length, &error);
  if (root == NULL)
    return _deuces_cli_fail_with (error);
  if (names_saved_variant (root))
    {
      int status = EXIT_OK;

      /* Only then the ledger's folder is read: a saved variant lives beside it. */
      store = _deuces_cli_open_store_read (cli, &status);
      if (store == NULL)
        return status;
    }
  *game = deuces_variant_library_parse_document (store, root, &error);
  if (*game == NULL)
    return _deuces_cli_fail_with (error);
  return EXIT_OK;
}

/* `deuces-cli score [FILE|-]` */
int
_deuces_cli_command_score (CliContext *cli,
                           int         argc,
                           char      **argv)
{
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  if ((status = load_game (cli, "score", argc, argv, &game)) != EXIT_OK)
    return status;
  if ((sheet = deuces_game_score (game, &error)) == NULL)
    return _deuces_cli_fail_with (error);
  root = deuces_document_build_scored (game, sheet);
  return _deuces_cli_print_json (root);
}

/* `deuces-cli settle [FILE|-]` */
int
_deuces_cli_command_settle (CliContext *cli,
                            int         argc,
                            char      **argv)
{
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(DeucesSettlement) settlement = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  if ((status = load_game (cli, "settle", argc, argv, &game)) != EXIT_OK)
    return status;
  if ((sheet = deuces_game_score (game, &error)) == NULL)
    return _deuces_cli_fail_with (error);
  settlement = deuces_game_settle (game, sheet);
  root = deuces_document_build_settlement (game, sheet, settlement);
  return _deuces_cli_print_json (root);
}

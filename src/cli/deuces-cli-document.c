/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli-document.c: the commands on session documents without the ledger —
 * variants, score, settle. */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "deuces-cli-private.h"

/* `deuces-cli variants [--json]` */
int
_deuces_cli_command_variants (CliContext *cli,
                              int         argc,
                              char      **argv)
{
  GPtrArray *presets = deuces_presets ();
  gboolean json = FALSE;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--json"))
        json = TRUE;
      else
        return _deuces_cli_fail (EXIT_INVALID, _("variants: unknown argument “%s”"), argv[i]);
    }

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_array (builder);
      for (guint k = 0; k < presets->len; k++)
        {
          const DeucesVariant *v = g_ptr_array_index (presets, k);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "id");
          json_builder_add_string_value (builder, v->id);
          json_builder_set_member_name (builder, "name");
          json_builder_add_string_value (builder, v->name);
          json_builder_set_member_name (builder, "goal");
          json_builder_add_string_value (builder, deuces_goal_to_string (v->goal));
          json_builder_set_member_name (builder, "settlement");
          json_builder_add_string_value (builder, deuces_settlement_to_string (v->settlement));
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      root = json_builder_get_root (builder);
      return _deuces_cli_print_json (root);
    }

  for (guint k = 0; k < presets->len; k++)
    {
      const DeucesVariant *v = g_ptr_array_index (presets, k);

      printf ("%s\t%s\n", v->id, v->name);
    }
  return _deuces_cli_finish_output ();
}

/* Reads the one optional FILE argument of score and settle into a game. */
static int
load_game (const char  *command,
           int          argc,
           char       **argv,
           DeucesGame **game)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
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

  *game = deuces_document_parse_data (contents, length, &error);
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

  if ((status = load_game ("score", argc, argv, &game)) != EXIT_OK)
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

  if ((status = load_game ("settle", argc, argv, &game)) != EXIT_OK)
    return status;
  if ((sheet = deuces_game_score (game, &error)) == NULL)
    return _deuces_cli_fail_with (error);
  settlement = deuces_game_settle (game, sheet);
  root = deuces_document_build_settlement (game, sheet, settlement);
  return _deuces_cli_print_json (root);
}

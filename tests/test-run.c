/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-run.c: deuces-cli run as another process, and what the tests assert of a run; a
 * `serve --sync` running beside a test. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <signal.h>
#include <string.h>

#include "test-run.h"

void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

void
run_cli_full (Run               *run,
              const RunOptions  *options,
              const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  const char *cli = options->program != NULL ? options->program : g_getenv ("DEUCES_CLI");
  GSubprocessFlags flags = G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  if (options->db != NULL)
    {
      g_ptr_array_add (argv, (gpointer) "--db");
      g_ptr_array_add (argv, (gpointer) options->db);
    }
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  if (options->stdout_path == NULL)
    flags |= G_SUBPROCESS_FLAGS_STDOUT_PIPE;
  launcher = g_subprocess_launcher_new (flags);
  if (options->stdout_path != NULL)
    g_subprocess_launcher_set_stdout_file_path (launcher, options->stdout_path);
  /* Messages are checked in English. */
  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "C", TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  for (guint i = 0; options->env != NULL && options->env[i] != NULL; i++)
    {
      g_auto(GStrv) pair = g_strsplit (options->env[i], "=", 2);

      g_assert_nonnull (pair[1]);
      g_subprocess_launcher_setenv (launcher, pair[0], pair[1], TRUE);
    }
  if (options->child_setup != NULL)
    g_subprocess_launcher_set_child_setup (launcher, options->child_setup, NULL, NULL);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, options->input != NULL ? options->input : "", NULL,
                                 options->stdout_path == NULL ? &run->out : NULL, &run->err,
                                 &error);
  g_assert_no_error (error);
  if (run->out == NULL)
    run->out = g_strdup ("");
  run->exited = g_subprocess_get_if_exited (process);
  run->status = run->exited ? g_subprocess_get_exit_status (process) : -1;
}

static void
run_va (Run        *run,
        const char *db,
        const char *input,
        const char *first,
        va_list     ap)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  RunOptions options = { .db = db, .input = input };

  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) arg);
  g_ptr_array_add (args, NULL);
  run_cli_full (run, &options, (const char *const *) args->pdata);
  g_assert_true (run->exited);
}

void
run_db (Run        *run,
        const char *db,
        const char *input,
        const char *first,
        ...)
{
  va_list ap;

  va_start (ap, first);
  run_va (run, db, input, first, ap);
  va_end (ap);
}

void
run_db_args (Run               *run,
             const char        *db,
             const char *const *args)
{
  RunOptions options = { .db = db };

  run_cli_full (run, &options, args);
  g_assert_true (run->exited);
}

/* Runs as run_va, asserts as assert_run; returns what it printed. */
static char *
expect_va (const char *db,
           const char *input,
           int         status,
           const char *out,
           const char *err,
           const char *first,
           va_list     ap)
{
  g_auto(Run) run = { 0 };

  run_va (&run, db, input, first, ap);
  assert_run (&run, status, out, err);
  return g_steal_pointer (&run.out);
}

char *
run_ok (const char *db,
        const char *input,
        const char *first,
        ...)
{
  char *out;
  va_list ap;

  va_start (ap, first);
  out = expect_va (db, input, 0, NULL, "", first, ap);
  va_end (ap);
  return out;
}

void
run_prints (const char *db,
            const char *input,
            const char *out,
            const char *first,
            ...)
{
  va_list ap;

  va_start (ap, first);
  g_free (expect_va (db, input, 0, out, "", first, ap));
  va_end (ap);
}

void
run_fails (const char *db,
           const char *input,
           int         status,
           const char *message,
           const char *first,
           ...)
{
  va_list ap;

  va_start (ap, first);
  g_free (expect_va (db, input, status, "", message, first, ap));
  va_end (ap);
}

char *
run_db_ok (const char        *db,
           const char *const *args)
{
  g_auto(Run) run = { 0 };

  run_db_args (&run, db, args);
  assert_run (&run, 0, NULL, "");
  return g_steal_pointer (&run.out);
}

void
assert_run (const Run  *run,
            int         status,
            const char *out,
            const char *err)
{
  /* What it said, when the status is not the one expected. */
  if (run->status != status)
    g_test_message ("exit %d: %s", run->status, run->err);
  g_assert_cmpint (run->status, ==, status);
  if (err != NULL)
    g_assert_cmpstr (run->err, ==, err);
  if (out != NULL)
    g_assert_cmpstr (run->out, ==, out);
}

void
assert_one_line (const char *text)
{
  const char *newline = strchr (text, '\n');

  g_assert_true (newline == NULL || newline[1] == '\0');
}

void
assert_one_line_error (const Run  *run,
                       int         status,
                       const char *message)
{
  assert_run (run, status, "", message);
}

void
assert_one_line_prefix (const Run  *run,
                        int         status,
                        const char *prefix)
{
  assert_run (run, status, "", NULL);
  g_assert_true (g_str_has_prefix (run->err, prefix));
  g_assert_true (g_str_has_suffix (run->err, "\n"));
  assert_one_line (run->err);
}

JsonObject *
parse_object (JsonParser *parser,
              const char *text)
{
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_node_get_object (json_parser_get_root (parser));
}

char *
without_revisions (const char *text)
{
  g_autoptr(GRegex) revisions = g_regex_new ("\"revisions\" : \\[[^]]*\\],?\n *", 0, 0, NULL);

  return g_regex_replace (revisions, text, -1, 0, "", 0, NULL);
}

char *
cli_ledger_text (const char *db)
{
  g_autofree char *exported = NULL;
  g_autofree char *shown = NULL;

  exported = run_ok (db, NULL, "export", "--format", "json", NULL);
  shown = run_ok (db, NULL, "session", "show", "1", "--json", NULL);
  {
    g_autofree char *text = g_strconcat (exported, shown, NULL);

    return without_revisions (text);
  }
}

void
assert_refused (const char        *db,
                const char *const *args,
                const char        *message,
                const char        *prefix,
                const char        *before)
{
  g_auto(Run) run = { 0 };
  g_autofree char *after = NULL;

  run_db_args (&run, db, args);
  if (message != NULL)
    assert_one_line_error (&run, 2, message);
  else
    assert_one_line_prefix (&run, 2, prefix);
  after = cli_ledger_text (db);
  g_assert_cmpstr (after, ==, before);
}

void
assert_same_member (const char *a,
                    const char *b,
                    const char *name)
{
  g_autoptr(JsonParser) parser_a = json_parser_new ();
  g_autoptr(JsonParser) parser_b = json_parser_new ();

  g_assert_true (json_node_equal (json_object_get_member (parse_object (parser_a, a), name),
                                  json_object_get_member (parse_object (parser_b, b), name)));
}

void
save_variant_file (const char *dir,
                   const char *file,
                   const char *text)
{
  g_autofree char *folder = g_build_filename (dir, "variants", NULL);
  g_autofree char *path = g_build_filename (folder, file, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

void
two_sessions (const char *db)
{
  for (guint s = 0; s < 2; s++)
    {
      g_autofree char *id = g_strdup_printf ("%u", s + 1);

      g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players",
                      "Ann,Bo,Cy,Di", "--title", s == 0 ? "Sound" : "Victim", NULL));
      g_free (run_ok (db, NULL, "deal", "add", id, "--winner", "Ann", "--left", "Bo=3,Cy=5,Di=7", NULL));
      g_free (run_ok (db, NULL, "deal", "add", id, "--winner", "Bo", "--left", "Cy=5,Di=7",
                      "--hand", "Ann=2S AH 3D", NULL));
    }
}

GSubprocess *
serve_sync_start (const char *path,
                  char      **url)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GDataInputStream) lines = NULL;
  GSubprocess *server;
  gsize length;

  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "C", TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  server = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("DEUCES_CLI"), "--db", path, "serve",
                                        "--sync", "--address", "127.0.0.1", NULL);
  g_assert_no_error (error);
  lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server));
  g_filter_input_stream_set_close_base_stream (G_FILTER_INPUT_STREAM (lines), FALSE);
  *url = g_data_input_stream_read_line_utf8 (lines, &length, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (*url);
  g_assert_true (g_str_has_prefix (*url, "http://127.0.0.1:"));
  g_assert_nonnull (strstr (*url, "/sync/"));
  /* Anything it buffered past the first line is lost with @lines: it printed no more. */
  g_assert_cmpuint (g_buffered_input_stream_get_available (G_BUFFERED_INPUT_STREAM (lines)), ==, 0);
  return server;
}

void
serve_sync_stop (GSubprocess *server,
                 char       **out,
                 char       **err)
{
  g_autoptr(GError) error = NULL;

  g_subprocess_send_signal (server, SIGTERM);
  g_assert_true (g_subprocess_communicate_utf8 (server, NULL, NULL, out, err, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (server));
  g_assert_cmpint (g_subprocess_get_exit_status (server), ==, 0);
}

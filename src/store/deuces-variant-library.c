/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant-library.c: presets plus the group's own variant files. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "deuces-store-private.h"
#include "deuces-variant-library.h"

static char *
library_dir (DeucesStore *store)
{
  g_autofree char *dir = g_path_get_dirname (deuces_store_get_path (store));

  return g_build_filename (dir, "variants", NULL);
}

gboolean
deuces_variant_library_is_preset (const char *id)
{
  return id != NULL && deuces_preset_lookup (id) != NULL;
}

static gint
compare_by_name (gconstpointer a,
                 gconstpointer b)
{
  const DeucesVariant *va = *(DeucesVariant *const *) a;
  const DeucesVariant *vb = *(DeucesVariant *const *) b;

  return g_utf8_collate (va->name, vb->name);
}

/* A variant file is a regular file of at most this size. */
#define MAX_VARIANT_FILE (1024 * 1024)

/* The saved variant file at @path read and parsed; a message naming the file (and the
 * line, where one is at fault) when it does not read. */
static DeucesVariant *
read_variant_file (const char *path,
                   GError    **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) cause = NULL;
  gsize length;

  if (!_deuces_store_read_regular_file (path, MAX_VARIANT_FILE, &text, &length, &cause))
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID, "%s: %s", path,
                   cause->message);
      return NULL;
    }
  /* Its messages start "PATH:LINE: ". */
  return deuces_variant_parse (text, (gssize) length, path, error);
}

DeucesVariant *
deuces_variant_library_read_text (const char *text,
                                  const char *label,
                                  GError    **error)
{
  g_autoptr(DeucesVariant) variant = NULL;
  gsize length;

  g_return_val_if_fail (text != NULL && label != NULL, NULL);

  /* No larger than a file that reads, and not a preset's id: as saved_variants() skips. */
  if ((length = strlen (text)) > MAX_VARIANT_FILE)
    {
      g_autofree char *size = g_format_size (MAX_VARIANT_FILE);
      g_autofree char *cause = g_strdup_printf (_("it is larger than %s"), size);

      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID, "%s: %s", label, cause);
      return NULL;
    }
  if ((variant = deuces_variant_parse (text, (gssize) length, label, error)) == NULL)
    return NULL;
  if (deuces_variant_library_is_preset (variant->id))
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                   _("%s: the saved variant “%s” takes a preset’s id "
                     "and is not offered; give it an id of its own"), label, variant->id);
      return NULL;
    }
  return g_steal_pointer (&variant);
}

/* The saved variants; a file that does not read, or that takes a preset's id, is skipped
 * and kept as it is, with one line in @refused (when not NULL) naming it. */
static GPtrArray *
saved_variants (DeucesStore *store,
                GPtrArray   *refused)
{
  g_autofree char *dir = library_dir (store);
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  GPtrArray *variants = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_variant_free);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(GError) error = NULL;
      DeucesVariant *variant;

      if (!g_str_has_suffix (name, ".variant"))
        continue;
      path = g_build_filename (dir, name, NULL);
      if ((variant = read_variant_file (path, &error)) == NULL)
        {
          /* Each program says it in its own way (deuces-cli variants, once). */
          if (refused != NULL)
            g_ptr_array_add (refused, g_strdup_printf (_("%s; the saved variant is not offered"),
                                                       error->message));
          g_debug ("Skipping the variant file %s: %s", path, error->message);
          continue;
        }
      if (deuces_variant_library_is_preset (variant->id))
        {
          if (refused != NULL)
            g_ptr_array_add (refused,
                             g_strdup_printf (_("%s: the saved variant “%s” takes a preset’s id "
                                                "and is not offered; give it an id of its own"),
                                              path, variant->id));
          deuces_variant_free (variant);
          continue;
        }
      g_ptr_array_add (variants, variant);
    }
  g_ptr_array_sort (variants, compare_by_name);
  return variants;
}

static gboolean
valid_id (const char *id)
{
  gsize len = id ? strlen (id) : 0;

  if (len == 0 || len > 40)
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '-')
      return FALSE;
  return TRUE;
}

GPtrArray *
deuces_variant_library_list (DeucesStore *store)
{
  GPtrArray *presets = deuces_presets ();
  g_autoptr(GPtrArray) saved = saved_variants (store, NULL);
  GPtrArray *all = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_variant_free);

  for (guint i = 0; i < presets->len; i++)
    g_ptr_array_add (all, deuces_variant_copy (presets->pdata[i]));
  for (guint i = 0; i < saved->len; i++)
    g_ptr_array_add (all, deuces_variant_copy (saved->pdata[i]));
  return all;
}

DeucesVariant *
deuces_variant_library_lookup (DeucesStore *store,
                               const char  *id,
                               GError     **error)
{
  const DeucesVariant *preset = deuces_preset_lookup (id);
  g_autoptr(GPtrArray) saved = NULL;

  if (preset != NULL)
    return deuces_variant_copy (preset);
  saved = saved_variants (store, NULL);
  for (guint i = 0; i < saved->len; i++)
    if (g_strcmp0 (((DeucesVariant *) saved->pdata[i])->id, id) == 0)
      return deuces_variant_copy (saved->pdata[i]);
  /* The file named after it is there but does not read: say so, not that there is none. */
  if (valid_id (id))
    {
      g_autofree char *dir = library_dir (store);
      g_autofree char *file = g_strconcat (id, ".variant", NULL);
      g_autofree char *path = g_build_filename (dir, file, NULL);
      g_autoptr(DeucesVariant) variant = NULL;
      g_autoptr(GError) cause = NULL;

      if (g_file_test (path, G_FILE_TEST_EXISTS) &&
          (variant = read_variant_file (path, &cause)) == NULL)
        {
          g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                       _("the saved variant “%s” does not read: %s"), id, cause->message);
          return NULL;
        }
    }
  g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
               _("there is no variant “%s” (deuces-cli variants lists them)"), id);
  return NULL;
}

GPtrArray *
deuces_variant_library_list_saved (DeucesStore *store,
                                   GPtrArray  **refused)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *saved = saved_variants (store, lines);

  if (refused != NULL)
    *refused = g_steal_pointer (&lines);
  return saved;
}

DeucesGame *
deuces_variant_library_parse_document (DeucesStore *store,
                                       JsonNode    *document,
                                       GError     **error)
{
  g_autoptr(JsonNode) copy = NULL;
  g_autoptr(DeucesVariant) variant = NULL;
  JsonNode *node;
  const char *id;

  if (store == NULL || document == NULL || !JSON_NODE_HOLDS_OBJECT (document) ||
      (node = json_object_get_member (json_node_get_object (document), "variant")) == NULL ||
      !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING ||
      deuces_variant_library_is_preset (id = json_node_get_string (node)))
    return deuces_document_parse (document, error);

  /* A saved variant's id: read the document as if it carried the variant in full (what
   * an export writes), so the session keeps its rules wherever it goes. */
  variant = deuces_variant_library_lookup (store, id, NULL);
  if (variant == NULL)
    return deuces_document_parse (document, error);
  copy = json_node_copy (document);
  json_object_set_member (json_node_get_object (copy), "variant",
                          deuces_document_build_variant (variant));
  return deuces_document_parse (copy, error);
}

gboolean
deuces_variant_library_save (DeucesStore         *store,
                             const DeucesVariant *variant,
                             GError             **error)
{
  g_autofree char *dir = library_dir (store);
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(DeucesVariant) check = NULL;
  g_autofree char *name = g_strstrip (g_strdup (variant->name ? variant->name : ""));

  if (!valid_id (variant->id) || deuces_variant_library_is_preset (variant->id))
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                   _("“%s” cannot name a saved variant: use lower-case letters, digits and "
                     "hyphens, and not a preset’s id"), variant->id ? variant->id : "");
      return FALSE;
    }
  if (*name == '\0')
    {
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                           _("A variant needs a name"));
      return FALSE;
    }
  all = deuces_variant_library_list (store);
  for (guint i = 0; i < all->len; i++)
    {
      const DeucesVariant *other = all->pdata[i];

      if (g_strcmp0 (other->id, variant->id) != 0 && g_utf8_collate (other->name, name) == 0)
        {
          g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                       _("There is already a variant called “%s”"), name);
          return FALSE;
        }
    }

  /* What is written must read back. */
  text = deuces_variant_to_text (variant);
  check = deuces_variant_parse (text, -1, variant->id, error);
  if (check == NULL)
    return FALSE;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("Cannot make the folder “%s”: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  file = g_strconcat (variant->id, ".variant", NULL);
  path = g_build_filename (dir, file, NULL);
  return g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT |
                                   G_FILE_SET_CONTENTS_DURABLE, 0644, error);
}

gboolean
deuces_variant_library_delete (DeucesStore *store,
                               const char  *id,
                               GError     **error)
{
  g_autofree char *dir = library_dir (store);
  g_autofree char *file = g_strconcat (id ? id : "", ".variant", NULL);
  g_autofree char *path = g_build_filename (dir, file, NULL);

  if (!valid_id (id) || deuces_variant_library_is_preset (id) || g_unlink (path) != 0)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
                   _("There is no saved variant “%s”"), id ? id : "");
      return FALSE;
    }
  return TRUE;
}

char *
deuces_variant_library_make_id (DeucesStore *store,
                                const char  *name)
{
  g_autoptr(GString) base = g_string_new (NULL);
  g_autofree char *ascii = g_str_to_ascii (name ? name : "", "C");
  g_autoptr(GPtrArray) all = deuces_variant_library_list (store);
  char *id = NULL;

  for (const char *p = ascii; *p && base->len < 32; p++)
    {
      if (g_ascii_isalnum (*p))
        g_string_append_c (base, g_ascii_tolower (*p));
      else if (base->len > 0 && base->str[base->len - 1] != '-')
        g_string_append_c (base, '-');
    }
  while (base->len > 0 && base->str[base->len - 1] == '-')
    g_string_truncate (base, base->len - 1);
  if (base->len == 0)
    g_string_append (base, "house-rules");

  for (guint n = 1; id == NULL; n++)
    {
      g_autofree char *candidate = n == 1 ? g_strdup (base->str) : g_strdup_printf ("%s-%u", base->str, n);
      gboolean taken = FALSE;

      for (guint i = 0; i < all->len && !taken; i++)
        taken = g_strcmp0 (((DeucesVariant *) all->pdata[i])->id, candidate) == 0;
      if (!taken)
        id = g_steal_pointer (&candidate);
    }
  return id;
}

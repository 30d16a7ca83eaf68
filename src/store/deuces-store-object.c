/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-object.c: the ledger object itself, the floor every other deuces-store-*.c
 * file stands on — its type and error domain, where it lives, who writes. It calls no
 * other file of the store. */
#include "config.h"

#include "deuces-store-private.h"

G_DEFINE_QUARK (deuces-store-error-quark, deuces_store_error)
G_DEFINE_FINAL_TYPE (DeucesStore, deuces_store, G_TYPE_OBJECT)

static void
deuces_store_finalize (GObject *object)
{
  DeucesStore *self = DEUCES_STORE (object);

  if (self->db != NULL)
    sqlite3_close_v2 (self->db);
  g_free (self->path);
  g_free (self->backup_problem);
  g_free (self->author);
  g_array_unref (self->damaged);

  G_OBJECT_CLASS (deuces_store_parent_class)->finalize (object);
}

static void
deuces_store_class_init (DeucesStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = deuces_store_finalize;
}

static void
deuces_store_init (DeucesStore *self)
{
  self->damaged = g_array_new (FALSE, FALSE, sizeof (gint64));
}

char *
deuces_store_default_path (void)
{
  const char *env = g_getenv ("DEUCES_DB");

  if (env != NULL && *env != '\0')
    return g_strdup (env);
  return g_build_filename (g_get_user_data_dir (), "deuces", "ledger.sqlite3", NULL);
}

const char *
deuces_store_get_path (DeucesStore *self)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  return self->path;
}

void
deuces_store_set_author (DeucesStore *self,
                         const char  *name)
{
  g_return_if_fail (DEUCES_IS_STORE (self));

  g_free (self->author);
  self->author = name != NULL ? g_strstrip (g_utf8_make_valid (name, -1)) : NULL;
}

const char *
deuces_store_get_author (DeucesStore *self)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), "");
  return self->author != NULL ? self->author : "";
}

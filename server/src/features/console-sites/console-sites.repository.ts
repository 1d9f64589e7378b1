import { siteConfigChanges, SiteConfigSchema, type SiteConfig, type SiteConfigChange } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, invalidInput } from '../../errors.js';
import { recordAudit, type AuditActor } from '../../platform/audit/audit-log.js';

export const staleSettings = () =>
  new AppError(409, 'settings_changed', 'Someone else saved these settings meanwhile. Reload them and try again.');

const domainTaken = () => invalidInput({ 'config.domain': 'validation.domain_taken' });

export interface SavedSiteConfig {
  changes: SiteConfigChange[];
  version: number;
  saved: boolean;
}

/** A site's own settings as the console edits them, and their history (issue 18). */
export function createConsoleSitesRepository(db: Db) {
  return {
    /** The settings as stored and their version; undefined for an unknown site. */
    async config(siteId: number): Promise<{ config: SiteConfig; version: number } | undefined> {
      const row = await db
        .selectFrom('sites')
        .select(['config', 'version'])
        .where('id', '=', siteId)
        .executeTakeFirst();
      return row && { config: SiteConfigSchema.parse(JSON.parse(row.config)), version: row.version };
    },

    /**
     * Lists what `config` changes and, unless previewing, stores it with its history row and audit
     * row in one transaction. The version is checked in the update itself, so of two admins saving
     * the same version one wins and the other is told; a save that changes nothing stores nothing.
     */
    async save(
      actor: AuditActor,
      siteId: number,
      next: { config: SiteConfig; version: number; preview: boolean },
      now: number,
    ): Promise<SavedSiteConfig | undefined> {
      try {
        return await db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('sites')
            .select(['config', 'version'])
            .where('id', '=', siteId)
            .executeTakeFirst();
          if (!row) return undefined;
          if (row.version !== next.version) throw staleSettings();
          const changes = siteConfigChanges(JSON.parse(row.config), next.config);
          if (next.preview || changes.length === 0) return { changes, version: row.version, saved: false };
          const clash = await trx
            .selectFrom('sites')
            .select('id')
            .where('domain', '=', next.config.domain)
            .where('id', '!=', siteId)
            .executeTakeFirst();
          if (clash) throw domainTaken();
          const config = JSON.stringify(next.config);
          const updated = await trx
            .updateTable('sites')
            .set({ config, domain: next.config.domain, version: row.version + 1 })
            .where('id', '=', siteId)
            .where('version', '=', row.version)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1) throw staleSettings();
          await trx
            .insertInto('site_config_changes')
            .values({
              site_id: siteId,
              staff_id: actor.staffId,
              changes: JSON.stringify(changes),
              config,
              created_at: now,
            })
            .execute();
          await recordAudit(trx, actor, {
            action: 'site.update',
            target: { type: 'site', id: siteId },
            siteId,
            detail: { paths: changes.map((change) => change.path) },
          });
          return { changes, version: row.version + 1, saved: true };
        });
      } catch (error) {
        // Two sites saved with one new domain at once: the unique index settles it.
        if (isUniqueViolation(error)) throw domainTaken();
        throw error;
      }
    },

    /** Every saved change of the site, newest first. */
    async history(siteId: number) {
      const rows = await db
        .selectFrom('site_config_changes as c')
        .innerJoin('staff as s', 's.id', 'c.staff_id')
        .select(['c.id', 'c.staff_id', 's.name as staff_name', 'c.changes', 'c.created_at'])
        .where('c.site_id', '=', siteId)
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        staff: { id: row.staff_id, name: row.staff_name },
        created_at: row.created_at,
        changes: JSON.parse(row.changes) as SiteConfigChange[],
      }));
    },
  };
}

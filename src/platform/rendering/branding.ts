// How a tenant's pages look and whom they name for help: its name, two colours and its contact, on every page the
// service shows a browser (sign-in, tickets, quotes, payments, their error pages). The settings area keeps the
// values; the platform cannot import an area, so the composition root hands it the reader (`use`), as it does the
// builtin provider's password chooser. A page never fails for its branding: unreadable, it has the defaults.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../database/connections.js';
import { type TenantPools, withTenantLease } from '../tenancy/pools.js';
import type { TenantRecord } from '../tenancy/tenant.js';

/** What a page shows of its agency. Colours are `#rrggbb`; each has the text colour readable on it. */
export interface Branding {
  name: string;
  brandColor: string;
  brandTextColor: string;
  accentColor: string;
  accentTextColor: string;
  contactEmail: string | null;
  contactPhone: string | null;
}

/** The tenant's own choices (settings), null where it made none. */
export interface TenantLook {
  brandColor: string | null;
  accentColor: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
}

export type ReadTenantLook = (tenant: TenantRecord, db: Queryable) => Promise<TenantLook>;

export const DEFAULT_BRAND_COLOR = '#0b4f8a';
export const DEFAULT_ACCENT_COLOR = '#0b4f8a';
/** The name on pages of no tenant (the base domain). */
export const PLATFORM_NAME = 'Travel Commerce';

const HEX_COLOR = /^#[0-9a-f]{6}$/;

/** A colour as the settings take it: `#rrggbb`, any case; stored and shown in lower case. */
export const HEX_COLOR_PATTERN = '^#[0-9A-Fa-f]{6}$';

/**
 * Black or white, whichever contrasts more with the colour (WCAG relative luminance): a tenant's light brand colour
 * still gets readable text on its buttons.
 */
export function textColorOn(color: string): string {
  const channel = (offset: number) => {
    const value = Number.parseInt(color.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with white (1.05 / (L + 0.05)) against contrast with near-black #1a1a1a (L ≈ 0.0103).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0603 ? '#ffffff' : '#1a1a1a';
}

/** The branding of a page: the name, and the look with defaults (a colour that is not `#rrggbb` is not used). */
export function brandingOf(name: string, look?: Partial<TenantLook>): Branding {
  const color = (value: string | null | undefined, fallback: string) => {
    const lower = value?.toLowerCase();
    return lower && HEX_COLOR.test(lower) ? lower : fallback;
  };
  const brandColor = color(look?.brandColor, DEFAULT_BRAND_COLOR);
  const accentColor = color(look?.accentColor, DEFAULT_ACCENT_COLOR);
  return {
    name,
    brandColor,
    brandTextColor: textColorOn(brandColor),
    accentColor,
    accentTextColor: textColorOn(accentColor),
    contactEmail: look?.contactEmail ?? null,
    contactPhone: look?.contactPhone ?? null,
  };
}

export interface Brands {
  /** Wired once by the composition root: the settings area's reader of a tenant's look. */
  use(read: ReadTenantLook): void;
  /** The tenant's branding, read on `db` when given, else on a lease of its pool; the defaults when unreadable. */
  of(tenant: TenantRecord, db?: Queryable): Promise<Branding>;
}

export function createBrands(deps: { pools: Pick<TenantPools, 'acquire'>; log: FastifyBaseLogger }): Brands {
  let read: ReadTenantLook | undefined;
  return {
    use(reader) {
      read = reader;
    },
    async of(tenant, db) {
      const reader = read;
      if (!reader) return brandingOf(tenant.tenantName);
      try {
        const look = db
          ? await reader(tenant, db)
          : await withTenantLease(deps.pools, tenant, (sql) => reader(tenant, sql));
        return brandingOf(tenant.tenantName, look);
      } catch (error) {
        // A page (an error page above all) still answers when the tenant's database does not.
        deps.log.warn({ err: error, tenant: tenant.tenantCode }, 'branding unreadable; the defaults are shown');
        return brandingOf(tenant.tenantName);
      }
    },
  };
}

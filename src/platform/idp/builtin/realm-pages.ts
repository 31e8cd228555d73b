// Where a realm's browser pages are served and how they look. A tenant's realm has its pages on the tenant's host
// (`<code>.<base domain>`, where the agency's customers and staff already are, as Keycloak serves a realm on its
// frontend URL) in the agency's name and colours; the master realm on the base domain in the platform's.
import { type Branding, brandingOf, type Brands, PLATFORM_NAME } from '../../rendering/branding.js';
import { languageOf } from '../../rendering/language.js';
import { type TenantRecord, tenantUrlOf } from '../../tenancy/tenant.js';
import type { PageLook } from './login-page.js';
import { signInMessages } from './sign-in-messages.js';

export interface RealmPages {
  /** The service's public URL (the base domain), without a trailing slash. */
  publicUrl: string;
  /** The ACTIVE tenant whose realm it is; undefined for the master realm (or before tenancy is wired). */
  tenantOf(realm: string): TenantRecord | undefined;
  brands: Pick<Brands, 'of'>;
}

/** For a provider that serves no tenant's realm (tests of the provider alone). */
export function platformPagesOnly(publicUrl: string): RealmPages {
  return { publicUrl, tenantOf: () => undefined, brands: { of: async (tenant) => brandingOf(tenant.tenantName) } };
}

/** Where the realm's browser pages live: its tenant's host, else the base domain. */
export function realmHome(pages: RealmPages, realm: string): string {
  const tenant = pages.tenantOf(realm);
  return tenant ? tenantUrlOf(pages.publicUrl, tenant.tenantCode) : pages.publicUrl;
}

/** The base of the host a request came on: the tenant's host it names, else the base domain. */
export function requestHome(publicUrl: string, hostTenant: TenantRecord | undefined): string {
  return hostTenant ? tenantUrlOf(publicUrl, hostTenant.tenantCode) : publicUrl;
}

/** The realm's pages in the browser's language: its tenant's branding, else the realm's display name. */
export async function lookOf(
  pages: RealmPages,
  realm: string,
  displayName: string,
  acceptLanguage: string | undefined,
): Promise<PageLook> {
  const language = languageOf(acceptLanguage);
  const tenant = pages.tenantOf(realm);
  const branding: Branding = tenant ? await pages.brands.of(tenant) : brandingOf(displayName);
  return { language, t: signInMessages(language), branding };
}

/** A page of no known realm: the platform's name. */
export function platformLook(acceptLanguage: string | undefined): PageLook {
  const language = languageOf(acceptLanguage);
  return { language, t: signInMessages(language), branding: brandingOf(PLATFORM_NAME) };
}

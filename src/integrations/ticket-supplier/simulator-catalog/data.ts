// The simulated catalog's plans, built once per process on first use, and their look-ups by id. buildCatalogData
// is pure: the tests build it twice to show it is the same every time.
import type { CatalogCountry } from '../catalog.js';
import { cityPlans, type ExperiencePlan, type ProductPlan } from './plans.js';
import { buildWorld, type WorldCity } from './world.js';

export interface CatalogData {
  countries: CatalogCountry[];
  cities: WorldCity[];
  experiences: ExperiencePlan[];
  experienceById: Map<string, ExperiencePlan>;
  products: ProductPlan[];
  productById: Map<string, ProductPlan>;
  /** How long the build took (reported by the tests, not asserted: it depends on the machine). */
  buildMs: number;
}

export function buildCatalogData(): CatalogData {
  const started = performance.now();
  const world = buildWorld();
  const countryNames = new Map(world.countries.map((country) => [country.id, country.name]));
  const experiences = world.cities.flatMap((city) => cityPlans(city, countryNames.get(city.countryId) ?? ''));
  const products = experiences.flatMap((experience) => experience.products);
  return {
    countries: world.countries,
    cities: world.cities,
    experiences,
    experienceById: new Map(experiences.map((experience) => [experience.id, experience])),
    products,
    productById: new Map(products.map((plan) => [plan.id, plan])),
    buildMs: performance.now() - started,
  };
}

let built: CatalogData | undefined;

/** The process's catalog, built on first use. */
export const catalogData = (): CatalogData => {
  built ??= buildCatalogData();
  return built;
};

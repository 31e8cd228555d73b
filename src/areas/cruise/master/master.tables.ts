// The seven master entities as master.repository.ts reads and writes them: columns aliased to the API's fields,
// the list filters of the specification (codes exact, names a case-insensitive substring: contract §7.1), and the
// row a write sets.
import type { Queryable } from '../../../platform/database/connections.js';
import { codeIs, idIs, nameContains, type RecordTable } from '../cruise.records.js';
import type * as S from './master.schemas.js';

/** The listing of a code-and-name entity: its code exact, its name a substring, in name order. */
function byCodeAndName<F>(columns: { code: string; name: string; id: string }, of: (f: F) => [string?, string?]) {
  return {
    where: (db: Queryable, f: F) => {
      const [code, name] = of(f);
      return db`${codeIs(db, columns.code, code)} AND ${nameContains(db, columns.name, name)}`;
    },
    orderBy: (db: Queryable) => db`${db(columns.name)}, ${db(columns.id)}`,
  };
}

export const companies: RecordTable<S.Company, S.WriteCompanyRequest, S.ListCompaniesRequest> = {
  label: 'Company',
  table: 'cruise_companies',
  idColumn: 'company_id',
  columns: (db) => db`company_id AS "companyId", company_code AS "companyCode", company_name AS "companyName", color`,
  ...byCodeAndName({ code: 'company_code', name: 'company_name', id: 'company_id' }, (f: S.ListCompaniesRequest) => [
    f.companyCode,
    f.companyName,
  ]),
  idOf: (input) => input.companyId,
  row: (input) => ({ company_code: input.companyCode, company_name: input.companyName, color: input.color }),
  duplicate: (input) => `Company code ${input.companyCode} is taken`,
};

export const areas: RecordTable<S.CruiseArea, S.WriteAreaRequest, S.ListAreasRequest> = {
  label: 'Area',
  table: 'cruise_areas',
  idColumn: 'area_id',
  columns: (db) => db`area_id AS "areaId", area_code AS "areaCode", area_name AS "areaName"`,
  ...byCodeAndName({ code: 'area_code', name: 'area_name', id: 'area_id' }, (f: S.ListAreasRequest) => [
    f.areaCode,
    f.areaName,
  ]),
  idOf: (input) => input.areaId,
  row: (input) => ({ area_code: input.areaCode, area_name: input.areaName }),
  duplicate: (input) => `Area code ${input.areaCode} is taken`,
};

export const ships: RecordTable<S.Ship, S.WriteShipRequest, S.ListShipsRequest> = {
  label: 'Ship',
  table: 'cruise_ships',
  idColumn: 'ship_id',
  columns: (db) => db`
    ship_id AS "shipId", company_id AS "companyId", ship_code AS "shipCode", ship_name AS "shipName",
    ship_description AS "shipDescription", doc_url AS "docUrl"`,
  where: (db, f) => db`${idIs(db, 'company_id', f.companyId)} AND ${nameContains(db, 'ship_name', f.shipName)}`,
  orderBy: (db) => db`ship_name, ship_id`,
  idOf: (input) => input.shipId,
  row: (input) => ({
    company_id: input.companyId,
    ship_code: input.shipCode,
    ship_name: input.shipName,
    ship_description: input.shipDescription,
    doc_url: input.docUrl,
  }),
  duplicate: (input) => `Ship code ${input.shipCode} is taken in company ${input.companyId}`,
};

export const cabinTypes: RecordTable<S.CabinType, S.WriteCabinTypeRequest, S.ListCabinTypesRequest> = {
  label: 'Cabin type',
  table: 'cruise_cabin_types',
  idColumn: 'cabin_type_id',
  columns: (db) => db`cabin_type_id AS "cabinTypeId", type_code AS "typeCode", type_name AS "typeName"`,
  ...byCodeAndName({ code: 'type_code', name: 'type_name', id: 'cabin_type_id' }, (f: S.ListCabinTypesRequest) => [
    f.typeCode,
    f.typeName,
  ]),
  idOf: (input) => input.cabinTypeId,
  row: (input) => ({ type_code: input.typeCode, type_name: input.typeName }),
  duplicate: (input) => `Cabin type code ${input.typeCode} is taken`,
};

export const chargeTypes: RecordTable<S.ChargeType, S.WriteChargeTypeRequest, S.ListChargeTypesRequest> = {
  label: 'Charge type',
  table: 'cruise_charge_types',
  idColumn: 'charge_type_id',
  columns: (db) => db`
    charge_type_id AS "chargeTypeId", charge_type_code AS "chargeTypeCode", charge_type_name AS "chargeTypeName"`,
  ...byCodeAndName(
    { code: 'charge_type_code', name: 'charge_type_name', id: 'charge_type_id' },
    (f: S.ListChargeTypesRequest) => [f.chargeTypeCode, f.chargeTypeName],
  ),
  idOf: (input) => input.chargeTypeId,
  row: (input) => ({ charge_type_code: input.chargeTypeCode, charge_type_name: input.chargeTypeName }),
  duplicate: (input) => `Charge type code ${input.chargeTypeCode} is taken`,
};

export const ports: RecordTable<S.Port, S.WritePortRequest, S.ListPortsRequest> = {
  label: 'Port',
  table: 'cruise_ports',
  idColumn: 'port_id',
  columns: (db) =>
    db`port_id AS "portId", port_code AS "portCode", port_name AS "portName", country, image_url AS "imageUrl"`,
  ...byCodeAndName({ code: 'port_code', name: 'port_name', id: 'port_id' }, (f: S.ListPortsRequest) => [
    f.portCode,
    f.portName,
  ]),
  idOf: (input) => input.portId,
  row: (input) => ({
    port_code: input.portCode,
    port_name: input.portName,
    country: input.country,
    image_url: input.imageUrl,
  }),
  duplicate: (input) => `Port code ${input.portCode} is taken`,
};

export const shipCabins: RecordTable<S.ShipCabin, S.WriteShipCabinRequest, S.ListShipCabinsRequest> = {
  label: 'Ship cabin',
  table: 'cruise_ship_cabins',
  idColumn: 'ship_cabin_id',
  columns: (db) => db`
    ship_cabin_id AS "shipCabinId", ship_id AS "shipId", cabin_type_id AS "cabinTypeId", cabin_code AS "cabinCode",
    cabin_name AS "cabinName", capacity, description`,
  where: (db, f) => db`ship_id = ${f.shipId}`,
  orderBy: (db) => db`cabin_code, ship_cabin_id`,
  idOf: (input) => input.shipCabinId,
  row: (input) => ({
    ship_id: input.shipId,
    cabin_type_id: input.cabinTypeId,
    cabin_code: input.cabinCode,
    cabin_name: input.cabinName,
    capacity: input.capacity,
    description: input.description,
  }),
  duplicate: (input) => `Cabin code ${input.cabinCode} is taken on ship ${input.shipId}`,
};

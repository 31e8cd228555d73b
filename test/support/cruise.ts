// What the cruise area's tests share: master data, an itinerary with template stops and cabins, made through the
// API by an employee, with new codes on every call.
import type { Itinerary, Template } from '../../src/areas/cruise/itineraries/index.js';
import type { CruiseArea, Port, Ship, ShipCabin } from '../../src/areas/cruise/master/index.js';
import type { ApiClient } from './api.js';
import { uniqueName } from './database.js';

export const newCode = (prefix: string) => uniqueName(prefix).toUpperCase();

export interface CruiseFixture {
  ship: Ship;
  area: CruiseArea;
  ports: Port[];
  itinerary: Itinerary;
}

/** A company with a ship, an area, three ports and a Draft itinerary of `duration` days (no stops yet). */
export async function cruiseFixture(api: ApiClient, duration = 7): Promise<CruiseFixture> {
  const company = await api.ok<{ companyId: number }>('/cruise/company/write', {
    companyCode: newCode('c'),
    companyName: 'Gulf Cruise Line',
  });
  const ship = await api.ok<Ship>('/cruise/ship/write', {
    companyId: company.companyId,
    shipCode: newCode('s'),
    shipName: 'Gulf Star',
  });
  const area = await api.ok<CruiseArea>('/cruise/area/write', { areaCode: newCode('a'), areaName: 'Arabian Gulf' });
  const ports: Port[] = [];
  for (const name of ['Dubai', 'Muscat', 'Doha'])
    ports.push(await api.ok<Port>('/cruise/port/write', { portCode: newCode('p'), portName: name, country: 'AE' }));
  const itinerary = await api.ok<Itinerary>('/cruise/itinerary/write', {
    cruiseShipId: ship.shipId,
    cruiseAreaId: area.areaId,
    itineraryCode: newCode('i'),
    itineraryName: `Gulf ${duration} nights`,
    duration,
  });
  return { ship, area, ports, itinerary };
}

/** Stops: embark day 0 at 18:00, a port of call on day 2 (08:00–17:00), back on the last day at 07:00. */
export async function standardStops(api: ApiClient, f: CruiseFixture): Promise<Template[]> {
  const [dubai, muscat] = f.ports;
  if (!dubai || !muscat) throw new Error('the fixture has ports');
  const { itineraryId, duration } = f.itinerary;
  const stops = [
    { cruisePortId: dubai.portId, stopSeq: 1, dayOffsetArrival: 0, dayOffsetDeparture: 0, departureTime: '18:00' },
    {
      cruisePortId: muscat.portId,
      stopSeq: 2,
      dayOffsetArrival: 2,
      dayOffsetDeparture: 2,
      arrivalTime: '08:00',
      departureTime: '17:00',
    },
    {
      cruisePortId: dubai.portId,
      stopSeq: 3,
      dayOffsetArrival: duration,
      dayOffsetDeparture: duration,
      arrivalTime: '07:00',
    },
  ];
  const written: Template[] = [];
  for (const stop of stops) written.push(await api.ok<Template>('/cruise/template/write', { itineraryId, ...stop }));
  return written;
}

/** Cabins of new types on the fixture's ship (bulkAssign). */
export async function cabins(api: ApiClient, f: CruiseFixture, names: string[]): Promise<ShipCabin[]> {
  const cabinTypeIds: number[] = [];
  for (const typeName of names) {
    const type = await api.ok<{ cabinTypeId: number }>('/cruise/cabintype/write', { typeCode: newCode('t'), typeName });
    cabinTypeIds.push(type.cabinTypeId);
  }
  return api.ok<ShipCabin[]>('/cruise/shipcabin/bulkAssign', { shipId: f.ship.shipId, cabinTypeIds });
}

// The client proposal as an A4 PDF, drawn with the project's one layout module (platform/rendering/pdf): a cover in
// the agency's colours (the project, the customer, dates and travellers, the total), then the day-by-day plan, the
// flights, hotels, activities and other services, what is and is not included, and the price. Pure: the figures
// are proposalFigures' (the page shows the same), every text drawn in the embedded Noto fonts, so an Arabic
// customer's name or an accented city is drawn as written.
import {
  COLOR_MUTED,
  type DocumentLayout,
  drawClosingNote,
  drawItemsTable,
  drawLine,
  drawTotals,
  drawWrapped,
  ensureSpace,
  FONT_BOLD,
  type ItemsTable,
  MARGIN,
  measure,
  renderPdfDocument,
  rule,
  type TableCell,
} from '../../../platform/rendering/pdf/index.js';
import { type ProposalFigures, type ProposalView, proposalFigures } from './proposal.view.js';

const COVER_BAND_HEIGHT = 190;
const FACT_LABEL_WIDTH = 110;
const BULLET_INDENT = 14;

/** The proposal as the bytes of an A4 PDF. */
export async function renderProposalPdf(view: ProposalView): Promise<Buffer> {
  const figures = proposalFigures(view);
  const setup = {
    title: `Proposal: ${view.project.projectName}`,
    author: view.agency.name,
    runningTitle: `${view.agency.name} - ${view.project.projectName}`,
    pageLabel: `${view.agency.name} - Travel proposal`,
  };
  return renderPdfDocument(setup, (layout) => {
    drawCover(layout, view, figures);
    layout.doc.addPage();
    layout.y = MARGIN;
    drawPlan(layout, view, figures);
    drawServices(layout, view, figures);
    drawInclusions(layout, view, figures);
    section(layout, view, 'Price');
    drawTotals(layout, [{ label: 'Total price', value: figures.total, strong: true, ruleAbove: true }]);
    drawClosingNote(layout, `${figures.priceNote}\nProposal issued on ${figures.issuedOn} by ${view.agency.name}.`);
  });
}

// ---- cover ----

function drawCover(layout: DocumentLayout, view: ProposalView, figures: ProposalFigures): void {
  const { doc } = layout;
  const { agency } = view;
  const width = layout.right - layout.left;
  const box = { x: layout.left, width };
  doc.rect(0, 0, doc.page.width, COVER_BAND_HEIGHT).fill(agency.brandColor);
  const onBrand = { color: agency.brandTextColor };
  drawLine(doc, 'TRAVEL PROPOSAL', box, 70, 'left', { ...onBrand, size: 10, font: FONT_BOLD });
  drawWrapped(doc, agency.name, layout.left, 92, width, { ...onBrand, size: 24, font: FONT_BOLD });

  layout.y = COVER_BAND_HEIGHT + 40;
  layout.y += drawWrapped(doc, figures.title, layout.left, layout.y, width, { font: FONT_BOLD, size: 26 }) + 8;
  if (figures.customerName) {
    layout.y += drawWrapped(doc, `Prepared for ${figures.customerName}`, layout.left, layout.y, width, { size: 14 });
  }
  layout.y += 24;
  drawCoverFacts(layout, [
    ['Dates', figures.dates],
    ['Duration', figures.duration],
    ['Travellers', figures.travellers],
    ['Itinerary', view.itineraryName],
    ['Issued on', figures.issuedOn],
  ]);
  if (view.itineraryDescription) {
    layout.y += drawWrapped(doc, view.itineraryDescription, layout.left, layout.y + 6, width, { size: 10 }) + 16;
  }
  drawCoverTotal(layout, view, figures);
  drawCoverContact(layout, view);
}

function drawCoverFacts(layout: DocumentLayout, facts: Array<[string, string | undefined]>): void {
  const { doc } = layout;
  const label = { x: layout.left, width: FACT_LABEL_WIDTH };
  const valueX = layout.left + FACT_LABEL_WIDTH + 8;
  const valueWidth = layout.right - valueX;
  for (const [name, value] of facts) {
    if (!value) continue;
    drawLine(doc, name, label, layout.y, 'left', { color: COLOR_MUTED, size: 11 });
    layout.y += drawWrapped(doc, value, valueX, layout.y, valueWidth, { size: 11, font: FONT_BOLD }) + 6;
  }
  layout.y += 14;
}

function drawCoverTotal(layout: DocumentLayout, view: ProposalView, figures: ProposalFigures): void {
  const { doc } = layout;
  const { agency } = view;
  const height = 64;
  doc.rect(layout.left, layout.y, layout.right - layout.left, height).fill(agency.accentColor);
  const inner = { x: layout.left + 16, width: layout.right - layout.left - 32 };
  const style = { color: agency.accentTextColor };
  drawLine(doc, 'TOTAL PRICE', inner, layout.y + 12, 'left', { ...style, size: 9, font: FONT_BOLD });
  drawLine(doc, figures.total, inner, layout.y + 27, 'left', { ...style, size: 20, font: FONT_BOLD });
  drawLine(doc, figures.travellers, inner, layout.y + 32, 'right', { ...style, size: 10 });
  layout.y += height + 20;
}

function drawCoverContact(layout: DocumentLayout, view: ProposalView): void {
  const { agency } = view;
  const contact = [agency.contactEmail, agency.contactPhone].filter(Boolean).join('  ·  ');
  const text = contact ? `${agency.name}  ·  ${contact}` : agency.name;
  const box = { x: layout.left, width: layout.right - layout.left };
  // above the page number line, whatever the content above it took
  const y = Math.max(layout.y, layout.doc.page.height - 110);
  rule(layout, y - 8);
  drawLine(layout.doc, text, box, y, 'left', { color: COLOR_MUTED, size: 10 });
}

// ---- sections ----

function section(layout: DocumentLayout, view: ProposalView, title: string): void {
  // a heading never ends a page: room for it and a few lines below
  ensureSpace(layout, 80);
  layout.y += drawLine(layout.doc, title, { x: layout.left, width: 400 }, layout.y, 'left', {
    font: FONT_BOLD,
    size: 15,
    color: view.agency.brandColor,
  });
  layout.doc
    .moveTo(layout.left, layout.y + 3)
    .lineTo(layout.right, layout.y + 3)
    .lineWidth(1.2)
    .strokeColor(view.agency.brandColor)
    .stroke();
  layout.y += 14;
}

/** Each text as a bullet, wrapped under its first line, going on on the next page as needed. */
function drawBullets(layout: DocumentLayout, texts: string[]): void {
  const { doc } = layout;
  const x = layout.left + BULLET_INDENT;
  const width = layout.right - x;
  for (const text of texts) {
    ensureSpace(layout, measure(doc, text, width, { size: 10 }) + 4);
    drawLine(doc, '•', { x: layout.left + 2, width: 10 }, layout.y, 'left', { size: 10 });
    layout.y += drawWrapped(doc, text, x, layout.y, width, { size: 10 }) + 4;
  }
}

function drawPlan(layout: DocumentLayout, view: ProposalView, figures: ProposalFigures): void {
  if (figures.days.length === 0 && figures.anyDay.length === 0) return;
  section(layout, view, 'Your trip day by day');
  const headingBox = { x: layout.left, width: layout.right - layout.left };
  for (const day of figures.days) {
    ensureSpace(layout, 40);
    const heading = day.date ? `${day.heading}  ·  ${day.date}` : day.heading;
    layout.y += drawLine(layout.doc, heading, headingBox, layout.y, 'left', { font: FONT_BOLD, size: 11 }) + 4;
    drawBullets(layout, day.entries);
    layout.y += 8;
  }
  if (figures.anyDay.length > 0) {
    ensureSpace(layout, 40);
    layout.y +=
      drawLine(layout.doc, 'Also in your trip', headingBox, layout.y, 'left', { font: FONT_BOLD, size: 11 }) + 4;
    drawBullets(layout, figures.anyDay);
  }
  layout.y += 10;
}

function table(caption: string, columns: ItemsTable['columns'], rows: TableCell[][]): ItemsTable {
  return { caption, columns, rows, spaceAfter: 18 };
}

function drawServices(layout: DocumentLayout, view: ProposalView, figures: ProposalFigures): void {
  const tables: ItemsTable[] = [];
  if (figures.flights.length > 0) {
    tables.push(
      table(
        'Flights',
        [
          { heading: 'DATE', width: 82, align: 'left', wraps: true },
          { heading: 'FLIGHT', width: 90, align: 'left', wraps: true },
          { heading: 'FROM', align: 'left', wraps: true },
          { heading: 'TO', width: 110, align: 'left', wraps: true },
          { heading: 'DEP.', width: 34, align: 'left' },
          { heading: 'ARR.', width: 34, align: 'left' },
        ],
        figures.flights.map((f) => [
          f.date,
          { text: f.flight, detail: [f.carrier, f.cabin].filter(Boolean).join('\n') },
          f.from,
          f.to,
          f.departs,
          f.arrives,
        ]),
      ),
    );
  }
  if (figures.hotels.length > 0) {
    tables.push(
      table(
        'Hotels',
        [
          { heading: 'HOTEL', align: 'left', wraps: true },
          { heading: 'ROOM', width: 90, align: 'left', wraps: true },
          { heading: 'BOARD', width: 70, align: 'left', wraps: true },
          { heading: 'CHECK-IN', width: 68, align: 'left', wraps: true },
          { heading: 'CHECK-OUT', width: 68, align: 'left', wraps: true },
          { heading: 'NIGHTS', width: 38, align: 'right' },
        ],
        figures.hotels.map((h) => [h.hotel, h.room, h.board, h.checkIn, h.checkOut, h.nights]),
      ),
    );
  }
  const itemColumns: ItemsTable['columns'] = [
    { heading: 'DAY', width: 44, align: 'left' },
    { heading: 'WHAT', width: 170, align: 'left', wraps: true },
    { heading: 'DETAILS', align: 'left', wraps: true },
  ];
  const items = (rows: ProposalFigures['activities']) => rows.map((row) => [row.day, row.title, row.description]);
  if (figures.activities.length > 0) tables.push(table('Activities', itemColumns, items(figures.activities)));
  if (figures.services.length > 0) tables.push(table('Other services', itemColumns, items(figures.services)));
  if (tables.length === 0) return;
  section(layout, view, 'Travel services');
  for (const each of tables) drawItemsTable(layout, each);
}

function drawInclusions(layout: DocumentLayout, view: ProposalView, figures: ProposalFigures): void {
  if (figures.included.length > 0) {
    section(layout, view, 'What is included');
    drawBullets(layout, figures.included);
    layout.y += 12;
  }
  if (figures.excluded.length > 0) {
    section(layout, view, 'What is not included');
    drawBullets(layout, figures.excluded);
    layout.y += 12;
  }
}

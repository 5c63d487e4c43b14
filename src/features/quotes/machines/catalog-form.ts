/** The catalog item form as typed (text fields), and what the API takes from it. */
import { parseCents } from '@contracts/quote-money';
import type { CatalogItem, CatalogItemInput } from '@contracts/quotes';

export type ItemForm = { sku: string; name: string; description: string; category: string; price: string; cost: string; taxable: boolean; active: boolean; bundle: string };

export const BLANK_ITEM_FORM: ItemForm = { sku: '', name: '', description: '', category: 'service', price: '', cost: '', taxable: true, active: true, bundle: '' };

/** An item's fields as the form shows them; its bundle as "item id x quantity" pairs. */
export const itemFormOf = (i: CatalogItem): ItemForm => ({
  sku: i.sku,
  name: i.name,
  description: i.description,
  category: i.category,
  price: (i.unit_price_cents / 100).toFixed(2),
  cost: (i.unit_cost_cents / 100).toFixed(2),
  taxable: i.taxable,
  active: i.active,
  bundle: i.bundle.map((b) => `${b.itemId}x${b.quantity}`).join(', '),
});

/** What the form sends: amounts in cents (an amount that is none is refused by the server, naming its field), the bundle's pairs as parts. */
export function itemInputOf(v: ItemForm): CatalogItemInput {
  const bundle = v.bundle
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const [id, q] = p.split(/x/i);
      return { itemId: Number(id), quantity: Number(q ?? 1) };
    });
  return {
    sku: v.sku,
    name: v.name,
    description: v.description,
    category: v.category as CatalogItemInput['category'],
    unitPriceCents: parseCents(v.price) ?? Number.NaN,
    unitCostCents: parseCents(v.cost || '0') ?? Number.NaN,
    taxable: v.taxable,
    active: v.active,
    bundle,
  };
}

/** Every development template: the half that gaps are found and fixed on. */
import type { Template } from '../types.js';
import { ADDRESS_TEMPLATES } from './address.js';
import { BEDROOMS_TEMPLATES } from './bedrooms.js';
import { CONDITION_TEMPLATES } from './condition.js';
import { NAME_TEMPLATES } from './name.js';
import { OCCUPANCY_TEMPLATES } from './occupancy.js';
import { PHONE_TEMPLATES } from './phone.js';
import { PRICE_TEMPLATES } from './price.js';
import { PROPERTY_TYPE_TEMPLATES } from './property-type.js';
import { REASON_TEMPLATES } from './reason.js';
import { TIMELINE_TEMPLATES } from './timeline.js';

export const DEVELOPMENT_TEMPLATES: readonly Template[] = [
  ...NAME_TEMPLATES,
  ...ADDRESS_TEMPLATES,
  ...PROPERTY_TYPE_TEMPLATES,
  ...BEDROOMS_TEMPLATES,
  ...CONDITION_TEMPLATES,
  ...OCCUPANCY_TEMPLATES,
  ...PRICE_TEMPLATES,
  ...TIMELINE_TEMPLATES,
  ...REASON_TEMPLATES,
  ...PHONE_TEMPLATES,
];

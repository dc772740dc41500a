import { z } from 'zod';

export const Timestamp = z.string().meta({ format: 'date-time', example: '2026-11-21T09:30:00.000Z' });

export function iso(value: Date): string;
export function iso(value: Date | null): string | null;
export function iso(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

export const Email = z.email({ message: 'must be an email address' }).max(254);
export const Password = z.string().min(12, { message: 'must be at least 12 characters' }).max(256);
export const DisplayName = z.string().trim().min(1).max(100);

import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export interface SubscriptionValue {
  plan: 'free' | 'basic' | 'premium';
  status: 'active' | 'suspended' | 'expired';
  billingPeriod: 'free' | 'monthly' | 'annually' | 'lifetime';
  startedAt?: string;
  expiresAt?: string | null;
}

export interface UserPreferences {
  receiveMonthlyUpdates: boolean;
  seeProfileViewers: boolean;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    username: text('username'),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    avatar: text('avatar'),
    role: text('role', { enum: ['user', 'viewer', 'admin', 'super_admin'] }).notNull().default('user'),
    status: text('status', { enum: ['active', 'suspended'] }).notNull().default('active'),
    type: text('type', { enum: ['customer', 'broker', 'real_estate_salesperson', 'property_owner'] })
      .notNull()
      .default('customer'),
    provider: text('provider', { enum: ['local', 'google', 'facebook'] }).notNull().default('local'),
    providerId: text('provider_id'),
    creditsRemaining: integer('credits_remaining').notNull().default(0),
    subscription: jsonb('subscription')
      .$type<SubscriptionValue>()
      .notNull()
      .default({ plan: 'free', status: 'active', billingPeriod: 'free' }),
    isVerified: boolean('is_verified').notNull().default(false),
    isVisible: boolean('is_visible').notNull().default(true),
    preferences: jsonb('preferences')
      .$type<UserPreferences>()
      .notNull()
      .default({ receiveMonthlyUpdates: false, seeProfileViewers: false }),
    dateSignedUp: timestamp('date_signed_up', { withTimezone: true }).notNull().defaultNow(),
    lastActive: timestamp('last_active', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_provider_key').on(t.provider, t.providerId),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/** A login session; a JWT carries its id, and logout revokes it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Single-use tokens (password reset, e-mail verification); only a SHA-256 hash is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset_password', 'verify_email'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_hash_key').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Key-value facts about this installation (for example, that demo data was seeded). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;

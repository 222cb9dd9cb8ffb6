-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "UserRole" AS ENUM ('user', 'admin');

-- CreateEnum
CREATE TYPE "OrgRole" AS ENUM ('owner', 'admin', 'member');

-- CreateEnum
CREATE TYPE "CreditEntryKind" AS ENUM ('grant', 'sitemap_admission', 'inspection', 'refund', 'adjustment');

-- CreateEnum
CREATE TYPE "ProjectStatus" AS ENUM ('active', 'paused');

-- CreateEnum
CREATE TYPE "InspectionCadence" AS ENUM ('hourly', 'daily', 'weekly', 'monthly');

-- CreateEnum
CREATE TYPE "IndexNowKeySource" AS ENUM ('generated', 'provided');

-- CreateEnum
CREATE TYPE "UrlSource" AS ENUM ('sitemap', 'manual', 'import');

-- CreateEnum
CREATE TYPE "HealthState" AS ENUM ('unknown', 'healthy', 'redirected', 'client_error', 'server_error', 'timeout');

-- CreateEnum
CREATE TYPE "Indexability" AS ENUM ('unknown', 'indexable', 'noindex', 'canonicalized', 'blocked_by_robots');

-- CreateEnum
CREATE TYPE "EngineAState" AS ENUM ('unknown', 'indexed', 'crawled_not_indexed', 'discovered_not_indexed', 'excluded', 'blocked', 'redirected', 'submitted');

-- CreateEnum
CREATE TYPE "EngineBState" AS ENUM ('unknown', 'indexed', 'not_indexed', 'submitted', 'blocked', 'error');

-- CreateEnum
CREATE TYPE "ImportStatus" AS ENUM ('pending', 'ready', 'committing', 'completed', 'failed', 'cancelled', 'expired');

-- CreateEnum
CREATE TYPE "SitemapType" AS ENUM ('index', 'urlset', 'unknown');

-- CreateEnum
CREATE TYPE "SitemapFetchStatus" AS ENUM ('ok', 'error', 'timeout', 'blocked');

-- CreateEnum
CREATE TYPE "SubmissionEngine" AS ENUM ('indexnow');

-- CreateEnum
CREATE TYPE "SubmissionStatus" AS ENUM ('pending', 'accepted', 'rejected', 'error', 'submitted');

-- CreateEnum
CREATE TYPE "IssueType" AS ENUM ('broken_link', 'server_error', 'redirect_chain', 'redirect_loop', 'waf_challenge_detected', 'crawl_blocked', 'sitemap_unreachable', 'sitemap_parse_error', 'stale_missing_from_sitemap', 'sitemap_missing', 'blocked_by_robots', 'has_noindex', 'canonical_mismatch', 'discovered_not_indexed', 'crawled_not_indexed', 'dropped_from_index', 'indexnow_key_invalid', 'gsc_auth_revoked');

-- CreateEnum
CREATE TYPE "IssueSeverity" AS ENUM ('critical', 'warning', 'info');

-- CreateEnum
CREATE TYPE "IssueStatus" AS ENUM ('open', 'resolved', 'ignored');

-- CreateEnum
CREATE TYPE "NotificationCategory" AS ENUM ('billing', 'team', 'security', 'monitoring');

-- CreateEnum
CREATE TYPE "NotificationChannel" AS ENUM ('email', 'web_push', 'in_app');

-- CreateEnum
CREATE TYPE "AuditAction" AS ENUM ('auth.login', 'auth.logout', 'auth.mfa_enabled', 'auth.mfa_disabled', 'auth.password_changed', 'auth.email_changed', 'auth.login_failed', 'auth.passkey_registered', 'auth.passkey_removed', 'auth.passkey_auth', 'member.invited', 'member.accepted', 'member.removed', 'member.role_changed', 'member.invite_revoked', 'member.invite_resent', 'project.created', 'project.updated', 'project.deleted', 'project.paused', 'project.resumed', 'project.dns_token_rotated', 'project.dns_verified', 'project.dns_verification_failed', 'project.indexnow_key_set', 'project.indexnow_key_verified', 'project.indexnow_key_verification_failed', 'project.gsc_connected', 'project.gsc_disconnected', 'project.gsc_revoked', 'project.engineb_connected', 'project.engineb_disconnected', 'organization.created', 'organization.updated', 'organization.deleted', 'settings.updated', 'settings.sso_configured', 'settings.sso_disabled', 'settings.mfa_policy_enabled', 'settings.mfa_policy_disabled', 'billing.subscription_created', 'billing.subscription_expired', 'billing.subscription_updated', 'billing.subscription_cancelled', 'billing.subscription_renewed', 'billing.subscription_renewal_reminder', 'billing.payment_failed', 'billing.purchase_reversed', 'billing.purchase_restored', 'billing.credits_expired', 'billing.checkout_created', 'billing.credits_low', 'billing.seats_full', 'api_key.created', 'api_key.updated', 'api_key.deleted', 'api_key.secret_regenerated', 'api_key.status_changed', 'user.created', 'user.deletion_requested', 'user.deletion_cancelled', 'user.deleted', 'user.activated', 'user.inactive', 'data.exported', 'audit.accessed', 'article.created', 'article.updated', 'article.deleted', 'article_tag.created', 'article_tag.updated', 'article_tag.deleted', 'domain.added', 'domain.verified', 'domain.verification_failed', 'domain.removed', 'admin.user.suspended', 'admin.user.activated', 'admin.user.banned', 'admin.user.unbanned', 'admin.user.sessions_revoked', 'admin.org.status_changed', 'admin.org.credits_granted', 'admin.project.status_changed', 'admin.impersonation.started', 'admin.impersonation.ended', 'admin.system_settings.updated', 'notification.preferences_updated', 'notification.push_target_registered', 'notification.push_target_removed');

-- CreateEnum
CREATE TYPE "NotificationType" AS ENUM ('subscription.created', 'subscription.expired', 'subscription.cancelled', 'subscription.renewed', 'subscription.renewal_reminder', 'payment.failed', 'invite.sent', 'invite.accepted', 'member.removed', 'member.role_changed', 'credits.low', 'seats.full', 'security.password_changed', 'security.email_changed', 'security.2fa_changed', 'security.passkey_changed', 'issue.opened');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "email_verified" TIMESTAMPTZ(3),
    "name" TEXT,
    "image" TEXT,
    "role" "UserRole" NOT NULL DEFAULT 'user',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "last_login_at" TIMESTAMPTZ(3),
    "two_factor_enabled" BOOLEAN NOT NULL DEFAULT false,
    "marketing_opt_out" BOOLEAN NOT NULL DEFAULT false,
    "deletion_requested_at" TIMESTAMPTZ(3),
    "deletion_scheduled_for" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounts" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_account_id" TEXT NOT NULL,
    "refresh_token" TEXT,
    "access_token" TEXT,
    "expires_at" INTEGER,
    "token_type" TEXT,
    "scope" TEXT,
    "id_token" TEXT,
    "session_state" TEXT,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" UUID NOT NULL,
    "session_token" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "expires" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "verification_tokens" (
    "identifier" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "expires" TIMESTAMPTZ(3) NOT NULL
);

-- CreateTable
CREATE TABLE "dev_mails" (
    "id" UUID NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "url" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dev_mails_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sso_handles" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sso_handles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organizations" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "personal" BOOLEAN NOT NULL DEFAULT false,
    "credit_balance" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "organizations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "memberships" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "role" "OrgRole" NOT NULL DEFAULT 'member',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "memberships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_ledger_entries" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "kind" "CreditEntryKind" NOT NULL,
    "amount" INTEGER NOT NULL,
    "balance_after" INTEGER NOT NULL,
    "reference" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "actor_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_logs" (
    "id" UUID NOT NULL,
    "organization_id" UUID,
    "user_id" UUID,
    "api_key_id" UUID,
    "action" "AuditAction" NOT NULL,
    "target_type" TEXT,
    "target_id" TEXT,
    "ip_address" TEXT,
    "user_agent" TEXT,
    "success" BOOLEAN NOT NULL DEFAULT true,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "start" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "organization_id" UUID NOT NULL,
    "created_by_user_id" UUID NOT NULL,
    "scopes" TEXT[],
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "expires_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "projects" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "created_by_user_id" UUID,
    "name" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "live_domain" TEXT,
    "sitemap_url" TEXT NOT NULL,
    "status" "ProjectStatus" NOT NULL DEFAULT 'active',
    "inspection_cadence" "InspectionCadence" NOT NULL DEFAULT 'weekly',
    "automated_inspections_enabled" BOOLEAN NOT NULL DEFAULT false,
    "index_now_key" TEXT,
    "index_now_key_source" "IndexNowKeySource",
    "index_now_key_verified_at" TIMESTAMPTZ(3),
    "dns_verification_token" TEXT,
    "dns_verified_at" TIMESTAMPTZ(3),
    "gsc_property_url" TEXT,
    "gsc_connected_at" TIMESTAMPTZ(3),
    "gsc_refresh_token_enc" TEXT,
    "engine_b_connected_at" TIMESTAMPTZ(3),
    "engine_b_api_key_enc" TEXT,
    "robots_txt_present" BOOLEAN,
    "llms_txt_present" BOOLEAN,
    "last_availability_check_at" TIMESTAMPTZ(3),
    "last_sitemap_sync_at" TIMESTAMPTZ(3),
    "last_engine_sync_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "projects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tracked_urls" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "source" "UrlSource" NOT NULL,
    "discovered_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "first_seen_in_sitemap_at" TIMESTAMPTZ(3),
    "last_seen_in_sitemap_at" TIMESTAMPTZ(3),
    "lastmod" TIMESTAMPTZ(3),
    "stale_at" TIMESTAMPTZ(3),
    "health_state" "HealthState" NOT NULL DEFAULT 'unknown',
    "http_status" INTEGER,
    "redirect_target" TEXT,
    "redirect_hops" INTEGER,
    "health_error" TEXT,
    "last_health_check_at" TIMESTAMPTZ(3),
    "indexability" "Indexability" NOT NULL DEFAULT 'unknown',
    "canonical_url" TEXT,
    "meta_robots" TEXT,
    "x_robots_tag" TEXT,
    "last_audit_at" TIMESTAMPTZ(3),
    "last_inspection_attempt_at" TIMESTAMPTZ(3),
    "last_inspection_success_at" TIMESTAMPTZ(3),
    "last_inspection_failure_at" TIMESTAMPTZ(3),
    "last_inspection_failure_code" TEXT,
    "consecutive_inspection_failures" INTEGER NOT NULL DEFAULT 0,
    "last_index_now_submitted_at" TIMESTAMPTZ(3),
    "index_now_attempts" INTEGER NOT NULL DEFAULT 0,
    "engine_a_state" "EngineAState" NOT NULL DEFAULT 'unknown',
    "engine_b_state" "EngineBState" NOT NULL DEFAULT 'unknown',
    "indexed_at" TIMESTAMPTZ(3),
    "last_engine_sync_at" TIMESTAMPTZ(3),
    "next_inspection_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tracked_urls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "url_imports" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "created_by_user_id" UUID,
    "status" "ImportStatus" NOT NULL DEFAULT 'pending',
    "file_name" TEXT NOT NULL,
    "file_size_bytes" INTEGER NOT NULL,
    "content_sha256" TEXT NOT NULL,
    "header_detected" BOOLEAN NOT NULL DEFAULT false,
    "total_rows" INTEGER,
    "valid_rows" INTEGER,
    "invalid_rows" INTEGER,
    "duplicate_in_file_rows" INTEGER,
    "already_tracked_rows" INTEGER,
    "net_new_rows" INTEGER,
    "row_errors" JSONB NOT NULL DEFAULT '[]',
    "row_errors_truncated" BOOLEAN NOT NULL DEFAULT false,
    "processed_rows" INTEGER NOT NULL DEFAULT 0,
    "inserted_rows" INTEGER NOT NULL DEFAULT 0,
    "skipped_rows" INTEGER NOT NULL DEFAULT 0,
    "committed_chunks" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "committed_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "url_imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "url_import_rows" (
    "import_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "line" INTEGER NOT NULL,
    "url" TEXT NOT NULL,

    CONSTRAINT "url_import_rows_pkey" PRIMARY KEY ("import_id","seq")
);

-- CreateTable
CREATE TABLE "sitemaps" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "type" "SitemapType" NOT NULL DEFAULT 'unknown',
    "parent_sitemap_id" UUID,
    "origin" TEXT NOT NULL DEFAULT 'root',
    "last_fetched_at" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "fetch_status" "SitemapFetchStatus",
    "url_count" INTEGER,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sitemaps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "submissions" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "engine" "SubmissionEngine" NOT NULL DEFAULT 'indexnow',
    "url_count" INTEGER NOT NULL DEFAULT 0,
    "status" "SubmissionStatus" NOT NULL DEFAULT 'pending',
    "response_code" INTEGER,
    "response_body" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "submissions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "submission_urls" (
    "id" UUID NOT NULL,
    "submission_id" UUID NOT NULL,
    "tracked_url_id" UUID,
    "url" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "submission_urls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "issues" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "type" "IssueType" NOT NULL,
    "severity" "IssueSeverity" NOT NULL,
    "severity_rank" INTEGER NOT NULL,
    "status" "IssueStatus" NOT NULL DEFAULT 'open',
    "affected_url_count" INTEGER NOT NULL DEFAULT 0,
    "sample_urls" TEXT[],
    "first_detected_at" TIMESTAMPTZ(3) NOT NULL,
    "last_detected_at" TIMESTAMPTZ(3) NOT NULL,
    "resolved_at" TIMESTAMPTZ(3),
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "issues_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "issue_url_memberships" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "issue_id" UUID NOT NULL,
    "tracked_url_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "detected_at" TIMESTAMPTZ(3) NOT NULL,
    "resolved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "issue_url_memberships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "website_stats" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "total_urls" INTEGER NOT NULL DEFAULT 0,
    "healthy_urls" INTEGER NOT NULL DEFAULT 0,
    "broken_urls" INTEGER NOT NULL DEFAULT 0,
    "redirected_urls" INTEGER NOT NULL DEFAULT 0,
    "indexed_urls" INTEGER NOT NULL DEFAULT 0,
    "not_indexed_urls" INTEGER NOT NULL DEFAULT 0,
    "stale_urls" INTEGER NOT NULL DEFAULT 0,
    "open_issues" INTEGER NOT NULL DEFAULT 0,
    "urls_with_issues" INTEGER NOT NULL DEFAULT 0,
    "last_reconciled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "website_stats_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "website_snapshots" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "date" DATE NOT NULL,
    "total_urls" INTEGER NOT NULL,
    "healthy_urls" INTEGER NOT NULL,
    "broken_urls" INTEGER NOT NULL,
    "redirected_urls" INTEGER NOT NULL,
    "indexed_urls" INTEGER NOT NULL,
    "not_indexed_urls" INTEGER NOT NULL,
    "stale_urls" INTEGER NOT NULL,
    "open_issues" INTEGER NOT NULL,
    "urls_with_issues" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "website_snapshots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_states" (
    "id" UUID NOT NULL,
    "state" TEXT NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "user_id" UUID,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_states_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "organization_id" UUID,
    "type" "NotificationType" NOT NULL,
    "category" "NotificationCategory" NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "data" JSONB,
    "read_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_preferences" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "type" "NotificationType" NOT NULL,
    "channel" "NotificationChannel" NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "push_targets" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "push_targets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_deletion_scheduled_for_idx" ON "users"("deletion_scheduled_for");

-- CreateIndex
CREATE INDEX "accounts_user_id_idx" ON "accounts"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "accounts_provider_provider_account_id_key" ON "accounts"("provider", "provider_account_id");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_session_token_key" ON "sessions"("session_token");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "verification_tokens_token_key" ON "verification_tokens"("token");

-- CreateIndex
CREATE UNIQUE INDEX "verification_tokens_identifier_token_key" ON "verification_tokens"("identifier", "token");

-- CreateIndex
CREATE INDEX "dev_mails_to_created_at_idx" ON "dev_mails"("to", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "organizations_slug_key" ON "organizations"("slug");

-- CreateIndex
CREATE INDEX "memberships_user_id_idx" ON "memberships"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "memberships_organization_id_user_id_key" ON "memberships"("organization_id", "user_id");

-- CreateIndex
CREATE INDEX "credit_ledger_entries_organization_id_created_at_idx" ON "credit_ledger_entries"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_logs_user_id_created_at_idx" ON "audit_logs"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "audit_logs_organization_id_created_at_idx" ON "audit_logs"("organization_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys"("key_hash");

-- CreateIndex
CREATE INDEX "api_keys_created_by_user_id_created_at_idx" ON "api_keys"("created_by_user_id", "created_at");

-- CreateIndex
CREATE INDEX "api_keys_organization_id_idx" ON "api_keys"("organization_id");

-- CreateIndex
CREATE INDEX "projects_organization_id_deleted_at_created_at_idx" ON "projects"("organization_id", "deleted_at", "created_at");

-- CreateIndex
CREATE INDEX "projects_status_deleted_at_idx" ON "projects"("status", "deleted_at");

-- CreateIndex
CREATE UNIQUE INDEX "projects_organization_id_live_domain_key" ON "projects"("organization_id", "live_domain");

-- CreateIndex
CREATE INDEX "tracked_urls_project_id_discovered_at_id_idx" ON "tracked_urls"("project_id", "discovered_at", "id");

-- CreateIndex
CREATE INDEX "tracked_urls_project_id_health_state_discovered_at_id_idx" ON "tracked_urls"("project_id", "health_state", "discovered_at", "id");

-- CreateIndex
CREATE INDEX "tracked_urls_project_id_indexability_discovered_at_id_idx" ON "tracked_urls"("project_id", "indexability", "discovered_at", "id");

-- CreateIndex
CREATE INDEX "tracked_urls_project_id_engine_a_state_discovered_at_id_idx" ON "tracked_urls"("project_id", "engine_a_state", "discovered_at", "id");

-- CreateIndex
CREATE INDEX "tracked_urls_project_id_engine_b_state_discovered_at_id_idx" ON "tracked_urls"("project_id", "engine_b_state", "discovered_at", "id");

-- CreateIndex
CREATE INDEX "tracked_urls_project_id_source_discovered_at_id_idx" ON "tracked_urls"("project_id", "source", "discovered_at", "id");

-- CreateIndex
CREATE INDEX "tracked_urls_project_id_stale_at_idx" ON "tracked_urls"("project_id", "stale_at");

-- CreateIndex
CREATE INDEX "tracked_urls_next_inspection_at_idx" ON "tracked_urls"("next_inspection_at");

-- CreateIndex
CREATE UNIQUE INDEX "tracked_urls_project_id_url_key" ON "tracked_urls"("project_id", "url");

-- CreateIndex
CREATE INDEX "url_imports_project_id_created_at_idx" ON "url_imports"("project_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "url_imports_status_idx" ON "url_imports"("status");

-- CreateIndex
CREATE UNIQUE INDEX "sitemaps_project_id_url_key" ON "sitemaps"("project_id", "url");

-- CreateIndex
CREATE INDEX "submissions_project_id_created_at_idx" ON "submissions"("project_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "submission_urls_submission_id_idx" ON "submission_urls"("submission_id");

-- CreateIndex
CREATE INDEX "submission_urls_created_at_idx" ON "submission_urls"("created_at");

-- CreateIndex
CREATE INDEX "issues_project_id_status_severity_rank_affected_url_count_idx" ON "issues"("project_id", "status", "severity_rank" DESC, "affected_url_count" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "issues_project_id_type_key" ON "issues"("project_id", "type");

-- CreateIndex
CREATE INDEX "issue_url_memberships_tracked_url_id_resolved_at_idx" ON "issue_url_memberships"("tracked_url_id", "resolved_at");

-- CreateIndex
CREATE INDEX "issue_url_memberships_issue_id_resolved_at_detected_at_idx" ON "issue_url_memberships"("issue_id", "resolved_at", "detected_at");

-- CreateIndex
CREATE UNIQUE INDEX "issue_url_memberships_issue_id_tracked_url_id_key" ON "issue_url_memberships"("issue_id", "tracked_url_id");

-- CreateIndex
CREATE UNIQUE INDEX "website_stats_project_id_key" ON "website_stats"("project_id");

-- CreateIndex
CREATE UNIQUE INDEX "website_snapshots_project_id_date_key" ON "website_snapshots"("project_id", "date");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_states_state_key" ON "oauth_states"("state");

-- CreateIndex
CREATE INDEX "notifications_user_id_created_at_idx" ON "notifications"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "notifications_user_id_read_at_idx" ON "notifications"("user_id", "read_at");

-- CreateIndex
CREATE UNIQUE INDEX "notification_preferences_user_id_type_channel_key" ON "notification_preferences"("user_id", "type", "channel");

-- CreateIndex
CREATE UNIQUE INDEX "push_targets_endpoint_key" ON "push_targets"("endpoint");

-- CreateIndex
CREATE INDEX "push_targets_user_id_idx" ON "push_targets"("user_id");

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_handles" ADD CONSTRAINT "sso_handles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_ledger_entries" ADD CONSTRAINT "credit_ledger_entries_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_user_id_fkey" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "projects" ADD CONSTRAINT "projects_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tracked_urls" ADD CONSTRAINT "tracked_urls_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "url_imports" ADD CONSTRAINT "url_imports_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "url_import_rows" ADD CONSTRAINT "url_import_rows_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "url_imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sitemaps" ADD CONSTRAINT "sitemaps_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sitemaps" ADD CONSTRAINT "sitemaps_parent_sitemap_id_fkey" FOREIGN KEY ("parent_sitemap_id") REFERENCES "sitemaps"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "submission_urls" ADD CONSTRAINT "submission_urls_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "issues" ADD CONSTRAINT "issues_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "issue_url_memberships" ADD CONSTRAINT "issue_url_memberships_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "issue_url_memberships" ADD CONSTRAINT "issue_url_memberships_tracked_url_id_fkey" FOREIGN KEY ("tracked_url_id") REFERENCES "tracked_urls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "website_stats" ADD CONSTRAINT "website_stats_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "website_snapshots" ADD CONSTRAINT "website_snapshots_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "push_targets" ADD CONSTRAINT "push_targets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

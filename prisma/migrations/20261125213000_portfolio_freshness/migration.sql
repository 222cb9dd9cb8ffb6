-- The portfolio's per-project count of fresh Google verdicts, kept for a few minutes (lib/portfolio/get-portfolio.ts).
CREATE TABLE "portfolio_freshness" (
    "project_id" UUID NOT NULL,
    "fresh_7d" INTEGER NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "portfolio_freshness_pkey" PRIMARY KEY ("project_id")
);

ALTER TABLE "portfolio_freshness" ADD CONSTRAINT "portfolio_freshness_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

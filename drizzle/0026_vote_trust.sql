-- Reserved; the owning change writes this migration.
SELECT 1;

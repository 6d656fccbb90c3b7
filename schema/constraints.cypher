// Constraints and indexes for the kg graph in Neo4j 5 Community, applied before any data by
// `kg load` and `kg build --neo4j`, idempotently (IF NOT EXISTS). One statement per line.

CREATE CONSTRAINT paper_id IF NOT EXISTS FOR (n:Paper) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT method_id IF NOT EXISTS FOR (n:Method) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT technique_id IF NOT EXISTS FOR (n:Technique) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT dataset_id IF NOT EXISTS FOR (n:Dataset) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT metric_id IF NOT EXISTS FOR (n:Metric) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT task_id IF NOT EXISTS FOR (n:Task) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT speedup_id IF NOT EXISTS FOR (n:Speedup) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT result_id IF NOT EXISTS FOR (n:Result) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT repository_id IF NOT EXISTS FOR (n:Repository) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT venue_id IF NOT EXISTS FOR (n:Venue) REQUIRE n.id IS UNIQUE;

CREATE INDEX method_name IF NOT EXISTS FOR (n:Method) ON (n.name);
CREATE INDEX technique_name IF NOT EXISTS FOR (n:Technique) ON (n.name);
CREATE INDEX dataset_name IF NOT EXISTS FOR (n:Dataset) ON (n.name);
CREATE INDEX metric_name IF NOT EXISTS FOR (n:Metric) ON (n.name);
CREATE INDEX task_name IF NOT EXISTS FOR (n:Task) ON (n.name);
CREATE INDEX venue_name IF NOT EXISTS FOR (n:Venue) ON (n.name);
CREATE INDEX speedup_factor IF NOT EXISTS FOR (n:Speedup) ON (n.factor);

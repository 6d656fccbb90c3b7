// name: method_profile
// question: Everything about one method: the papers that propose, use or compare with it, their datasets, metrics and code, and the claims about it or over it.
// @param method: {"from": "top_methods", "example": "inter-block speculation"}
// example:
//   method | fact | item | evidence | paper | paper_id
//   inter-block speculation | CLAIM_ABOUT | 1.3× over Fast-dLLM with less t… | Building on Fast-dLLM's dual-cache infrastructure, our fram… | Diffusion-based language models… | …
//   inter-block speculation | CLAIM_ABOUT | 30-40% | Building on Fast-dLLM's dual-cache infrastructure, our fram… | Diffusion-based language models… | …
WITH toLower($method) AS wanted
MATCH (m:Method) WHERE toLower(m.name) = wanted OR wanted IN [a IN coalesce(m.aliases, []) | toLower(a)]
CALL (m) {
  MATCH (m)<-[r:PROPOSES|USES|COMPARES_WITH]-(p:Paper)
  RETURN m.name AS method, type(r) AS fact, p.caption AS item, coalesce(r.sentence_plain, r.sentence) AS evidence,
         p.caption AS paper, p.id AS paper_id
  UNION
  MATCH (m)<-[:PROPOSES|USES]-(p:Paper)-[r:EVALUATED_ON|MEASURED_BY|HAS_CODE]->(x)
  RETURN m.name AS method, type(r) AS fact, coalesce(x.name, x.url) AS item, coalesce(r.sentence_plain, r.sentence) AS evidence,
         p.caption AS paper, p.id AS paper_id
  UNION
  MATCH (m)<-[r:ABOUT|OVER]-(s:Speedup)<-[:CLAIMS]-(p:Paper)
  RETURN m.name AS method, 'CLAIM_' + type(r) AS fact, s.text AS item, coalesce(s.sentence_plain, s.sentence) AS evidence,
         p.caption AS paper, p.id AS paper_id
}
RETURN method, fact, item, evidence, paper, paper_id
ORDER BY fact, item, paper, paper_id, evidence

// name: papers_with_code
// question: Which papers link to their code, and what do they propose?
// @param limit: 50
// example:
//   paper | code | proposed | evidence | url | paper_id
//   Backpropagation (BP) remains th… | ychAlbert/DMoL | Depth-progressive Monotonic Lea… | The code is publicly available at: https://github.com/ychAl… | https://github.com/ychAlbert/DM… | …
//   Graph generation is a fundament… | Zhubaoheng/Graph-GRPO | Graph-GRPO | Code is available in https://github.com/Zhubaoheng/Graph-GR… | https://github.com/Zhubaoheng/G… | …
MATCH (p:Paper)-[r:HAS_CODE]->(c:Repository)
WITH p, r, c, reduce(first = null, n IN [(p)-[:PROPOSES]->(m) | m.name] |
                     CASE WHEN first IS NULL OR n < first THEN n ELSE first END) AS proposed
RETURN p.caption AS paper, c.caption AS code, proposed, coalesce(r.sentence_plain, r.sentence) AS evidence,
       c.url AS url, p.id AS paper_id
ORDER BY paper, paper_id, code, url
LIMIT toInteger($limit)

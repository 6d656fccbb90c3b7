// name: top_baselines
// question: Which methods are most often the baseline of a speed-up claim?
// @param limit: 20
// example:
//   baseline | claims | papers | example_claim | example_paper | example_paper_id
//   Fast-dLLM | 1 | 1 | 1.3× over Fast-dLLM with less t… | Diffusion-based language models… | …
//   HYPIR | 1 | 1 | 1.71× faster than HYPIR on larg… | Real-world super-resolution (SR… | …
MATCH (p:Paper)-[:CLAIMS]->(s:Speedup)-[:OVER]->(b:Method)
WITH b.name AS baseline, count(s) AS claims, count(DISTINCT p) AS papers, min(s.text) AS example_claim, min(p.id) AS example_paper_id
MATCH (e:Paper {id: example_paper_id})
RETURN baseline, claims, papers, example_claim, e.caption AS example_paper, example_paper_id
ORDER BY claims DESC, baseline
LIMIT toInteger($limit)

#lang racket/base
;; Drive the course's reference dealer (mfelleisen/Evolution, fetched apart, never committed) on inputs that
;; evo-lab chooses. Reads a JSON list of requests on stdin, prints a JSON list of answers, one per request:
;;
;;   {"players": N, "deck": [[food, trait], ...]}  a whole game of N reference players (player-external.rkt) on
;;                                                this deck: [[id, score], ...] as run-game ranks them (ids
;;                                                "0#1", "1#2", ... as xmain names them)
;;   {"step4": [Configuration, Step4]}             the dealer's step4 (the card actions, then the feeding) on
;;                                                an xstep4 input (GP/GB tagged or not): the Configuration after
;;
;;   racket games.rkt REFERENCE-DIR < requests.json
(require json racket/list racket/class)

(define ref (vector-ref (current-command-line-arguments) 0))
(define (from file name) (dynamic-require (build-path ref file) name))
(define create-dealer (from "dealer.rkt" 'create-dealer))
(define create-x-dealer (from (build-path "Xternal" "dealer.rkt") 'create-dealer))
(define create-external (from "player-external.rkt" 'create-external))
(define json->card (from (build-path "Xternal" "cards.rkt") 'json->card))
(define card->json (from (build-path "Xternal" "cards.rkt") 'card->json))
(define json->species (from (build-path "Xternal" "board.rkt") 'json->species))

(define (game g)
  (define n (hash-ref g 'players))
  (define deck (map json->card (hash-ref g 'deck)))
  (define players (for/list ([i (in-range n)]) (list (number->string i) (create-external))))
  (for/list ([r (send (create-dealer players deck) run-game)])
    (list (second r) (third r))))

;; [Listof [List String JSexpr]] -> [Hash String JSexpr]
(define (fields p) (for/hash ([kv p]) (values (first kv) (second kv))))

(define (untag g) (filter (lambda (x) (not (string? x))) g))

(define (step4 input)
  (define conf (first input))
  (define lop (map fields (first conf)))
  ;; the dealer is for 3 to 8 players: make it with at least 3, then keep the configuration's
  (define externals (for/list ([i (in-range (max 3 (length lop)))]) (list "p" (create-external))))
  (define dealer (create-x-dealer externals (map json->card (third conf))))
  (set-field! players dealer (take (get-field players dealer) (length lop)))
  (set-field! watering-hole dealer (second conf))
  (for ([ip (get-field players dealer)] [p lop])
    (set-field! id ip (hash-ref p "id"))
    (set-field! boards ip (map json->species (hash-ref p "species")))
    (set-field! bag ip (hash-ref p "bag"))
    (set-field! cards ip (map json->card (hash-ref p "cards" '()))))
  (define actions
    (for/list ([a (second input)])
      (list (first a) (map untag (second a)) (map untag (third a)) (fourth a) (fifth a))))
  (send dealer step4 actions)
  (list (for/list ([ip (get-field players dealer)])
          (append (list (list "id" (get-field id ip))
                        (list "species" (for/list ([s (get-field boards ip)]) (send s to-json)))
                        (list "bag" (get-field bag ip)))
                  (if (null? (get-field cards ip)) '() (list (list "cards" (map card->json (get-field cards ip)))))))
        (get-field watering-hole dealer)
        (map card->json (get-field cards dealer))))

(define (answer r)
  (cond [(hash-has-key? r 'step4) (step4 (hash-ref r 'step4))]
        [else (game r)]))

(write-json (map answer (read-json)))
(newline)
